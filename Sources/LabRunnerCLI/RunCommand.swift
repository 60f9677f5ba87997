import Foundation
import LabRunner

/// `labrunner run PATH…`: build, run and check every lab, in parallel, reported in path order.
struct RunCommand {
    let options: RunOptions

    init(arguments: [String]) throws(UsageError) {
        options = try RunOptions(arguments: arguments)
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var labPaths: [String]
        var compiler: SwiftCompiler
        do {
            labPaths = try LabFile.expand(options.paths)
        } catch {
            Console.diagnostic([error.description])
            return ExitStatus.usage
        }
        if let shard = options.shard { labPaths = shard.select(labPaths) }
        do {
            compiler = try SwiftCompiler.locate(environment: environment)
            compiler.timeout = options.compileTimeout
        } catch {
            Console.error(error.description)
            return ExitStatus.usage
        }
        var pipeline = LabPipeline(compiler: compiler, environment: environment)
        pipeline.scenarioFilter = options.scenarios
        pipeline.timeoutOverride = options.timeout
        pipeline.repeats = options.repeats
        pipeline.strict = options.strict
        pipeline.bareLanguage = options.bareLanguage
        pipeline.runWithoutTranscripts = options.update
        pipeline.limiter = JobLimiter(slots: options.jobs)
        if options.useCache {
            let cache = CompileCache(directory: options.cacheDirectory ?? CompileCache.defaultDirectory(environment: environment))
            pipeline.cache = cache
            pipeline.compilerVersion = CompilerVersionLookup(compilerPath: compiler.path, cache: cache, environment: environment)
        }
        // Removed at the end (and by the interrupt handler, like every build folder).
        let runFolder = options.useCache ? nil : try? BuildDirectory.makePrivate()
        defer { runFolder?.remove() }
        pipeline.moduleCacheWithoutCache = runFolder.map { $0.path + "/module-cache" }
        var report = TerminalReport(style: .forStandardOutput(environment: environment))
        report.verbose = options.verbose
        if options.verbose { Console.out(report.style.dim("swiftc: \(compiler.path), jobs: \(options.jobs)")) }

        let progress = ProgressLine(enabled: ProgressLine.isWanted(environment: environment), total: labPaths.count)
        let results = LockedValue<[[(LabOutcome, UpdateSummary?, Double)]?]>(Array(repeating: nil, count: labPaths.count))
        let printed = LockedValue(0)
        let update = options.update
        Parallel.forEach(labPaths.count, width: options.jobs) { [labPaths, pipeline, report] index in
            progress.started(labPaths[index])
            let started = Date()
            let outcomes = pipeline.run(path: labPaths[index])
            let summaries = update ? Self.write(outcomes) : outcomes.map { _ in nil }
            let seconds = Date().timeIntervalSince(started)
            results.withLock { $0[index] = zip(outcomes, summaries).map { ($0, $1, seconds) } }
            progress.finished(labPaths[index])
            // Print every lab whose predecessors are all printed: path order, whatever finishes first.
            printed.withLock { next in
                while next < labPaths.count, let parts = results.withLock({ $0[next] }) {
                    let lines = parts.flatMap { outcome, summary, _ in report.render(outcome, update: summary) }
                    progress.printAbove((next > 0 ? [""] : []) + lines)
                    next += 1
                }
            }
        }
        progress.finish()

        let finished = results.withLock { $0.flatMap { $0! } }
        if let cache = pipeline.cache, finished.contains(where: { $0.0.compilerRan && $0.0.buildDuration > 0 }) {
            cache.prune()
        }
        var passed = 0, failed = 0, inputErrors = 0
        for (outcome, summary, _) in finished {
            // A lab that could not be checked (swiftc crashed, no build folder, an unknown
            // --scenario) is the environment's or the invocation's fault, not the lab's: status 2,
            // so CI tells "fix the lab" (1) from "fix the setup" (2).
            switch outcome.status {
            case .invalid, .toolFailed: inputErrors += 1
            default: break
            }
            let counts = ReportFacts.counts(outcome, updated: summary?.updatedScenarios ?? [])
            passed += counts.passed
            failed += counts.failed
        }
        if labPaths.isEmpty { Console.out("no labs in this shard") }
        if environment["GITHUB_ACTIONS"] == "true" {
            Console.out(GitHubAnnotations.lines(finished.map(\.0)))
        }
        if !writeReports(finished) { return ExitStatus.usage }
        Console.out(["", TerminalReport.summary(passed: passed, failed: failed)])
        if inputErrors > 0 { return ExitStatus.usage }
        return failed > 0 ? ExitStatus.failed : ExitStatus.success
    }

    /// `--junit FILE` and `--json FILE`; false (after saying why) when one cannot be written.
    private func writeReports(_ finished: [(LabOutcome, UpdateSummary?, Double)]) -> Bool {
        let outcomes = finished.map(\.0)
        var updates: [String: UpdateSummary] = [:]
        var durations: [String: Double] = [:]
        for (outcome, summary, seconds) in finished {
            updates[outcome.name] = summary
            durations[outcome.name] = seconds
        }
        var reports: [(String, String)] = []
        if let path = options.junitPath {
            reports.append((path, JUnitReport.xml(outcomes, appleAvailable: Platform.hasSwiftUI, durations: durations, updates: updates)))
        }
        if let path = options.jsonPath {
            reports.append((path, JSONReport.json(outcomes, appleAvailable: Platform.hasSwiftUI, updates: updates)))
        }
        for (path, text) in reports {
            do {
                try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                Console.error("cannot write \(path): \(error.localizedDescription)")
                return false
            }
        }
        return true
    }

    /// Applies `--update` to one lab file: plans the edits of each of its outcomes, then replaces the
    /// file once, atomically. One summary per outcome.
    private static func write(_ outcomes: [LabOutcome]) -> [UpdateSummary?] {
        var summaries: [UpdateSummary?] = []
        var edits: [DocumentEdit] = []
        for outcome in outcomes {
            switch outcome.status {
            case .ran(let verdicts):
                let (planned, summary) = OutputUpdater.plan(outcome.lab!, verdicts: verdicts, appleAvailable: Platform.hasSwiftUI)
                edits += planned
                summaries.append(summary)
            case .checked(let check):
                let (planned, summary) = DiagnosticsUpdater.plan(check, lab: outcome.lab!)
                edits += planned
                summaries.append(summary)
            case .compileFailed:
                summaries.append(UpdateSummary(notes: ["not updated: the lab did not compile"]))
            default:
                summaries.append(nil)
            }
        }
        guard !edits.isEmpty, let first = outcomes.first else { return summaries }
        let bytes = DocumentEdit.apply(edits, to: first.originalBytes)
        do {
            try AtomicFile.replace(first.path, expected: first.originalBytes, with: bytes)
        } catch {
            let failed = UpdateSummary(notes: [error.description])
            return summaries.map { $0.map { _ in failed } }
        }
        if let index = summaries.firstIndex(where: { $0?.hasEdits == true }) {
            summaries[index]!.notes.insert("wrote \(first.path)", at: 0)
        }
        return summaries
    }
}
