import Foundation

/// `labrunner run PATH…`: build, run and check every lab, in parallel, reported in path order.
struct RunCommand {
    let options: RunOptions

    init(arguments: [String]) throws(UsageError) {
        options = try RunOptions(arguments: arguments)
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var labPaths: [String]
        let compiler: SwiftCompiler
        do {
            labPaths = try LabFile.expand(options.paths)
        } catch {
            Console.diagnostic([error.description])
            return ExitStatus.usage
        }
        if let shard = options.shard { labPaths = shard.select(labPaths) }
        do {
            compiler = try SwiftCompiler.locate(environment: environment)
        } catch {
            Console.error(error.description)
            return ExitStatus.usage
        }
        var pipeline = LabPipeline(compiler: compiler, environment: environment)
        pipeline.scenarioFilter = options.scenarios
        pipeline.timeoutOverride = options.timeout
        pipeline.repeats = options.repeats
        pipeline.limiter = JobLimiter(slots: options.jobs)
        if options.useCache {
            let cache = CompileCache(directory: options.cacheDirectory ?? CompileCache.defaultDirectory(environment: environment))
            pipeline.cache = cache
            pipeline.compilerVersion = CompilerVersionLookup(compilerPath: compiler.path, cache: cache, environment: environment)
        }
        var report = TerminalReport(style: .forStandardOutput(environment: environment))
        report.verbose = options.verbose
        if options.verbose { Console.out(report.style.dim("swiftc: \(compiler.path), jobs: \(options.jobs)")) }

        let progress = ProgressLine(enabled: ProgressLine.isWanted(environment: environment), total: labPaths.count)
        let results = LockedValue<[(LabOutcome, UpdateSummary?, Double)?]>(Array(repeating: nil, count: labPaths.count))
        let printed = LockedValue(0)
        let update = options.update
        Parallel.forEach(labPaths.count, width: options.jobs) { [labPaths, pipeline, report] index in
            progress.started(labPaths[index])
            let started = Date()
            let outcome = pipeline.run(path: labPaths[index])
            let summary = update ? Self.write(outcome) : nil
            results.withLock { $0[index] = (outcome, summary, Date().timeIntervalSince(started)) }
            progress.finished(labPaths[index])
            // Print every lab whose predecessors are all printed: path order, whatever finishes first.
            printed.withLock { next in
                while next < labPaths.count, let (outcome, summary, _) = results.withLock({ $0[next] }) {
                    progress.printAbove((next > 0 ? [""] : []) + report.render(outcome, update: summary))
                    next += 1
                }
            }
        }
        progress.finish()

        let finished = results.withLock { $0.map { $0! } }
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
            updates[outcome.path] = summary
            durations[outcome.path] = seconds
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

    /// Applies `--update` to one lab: plans the edits, then replaces the file atomically.
    private static func write(_ outcome: LabOutcome) -> UpdateSummary? {
        guard case .ran(let verdicts) = outcome.status, let lab = outcome.lab else {
            if case .compileFailed = outcome.status {
                return UpdateSummary(notes: ["not updated: the lab did not compile"])
            }
            return nil
        }
        var (edits, summary) = OutputUpdater.plan(lab, verdicts: verdicts, appleAvailable: Platform.hasSwiftUI)
        guard summary.hasEdits else { return summary }
        let bytes = DocumentEdit.apply(edits, to: outcome.originalBytes)
        do {
            try AtomicFile.replace(outcome.path, expected: outcome.originalBytes, with: bytes)
        } catch {
            return UpdateSummary(notes: [error.description])
        }
        summary.notes.insert("wrote \(outcome.path)", at: 0)
        return summary
    }
}
