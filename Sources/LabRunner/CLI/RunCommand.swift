import Foundation

/// `labrunner run PATH…`: build, run and check every lab; `--update` writes outputs back.
struct RunCommand {
    static let spec = ArgumentSpec(
        flags: ["--update", "--verbose"],
        options: ["--scenario", "--timeout"],
        aliases: ["-v": "--verbose"]
    )

    let paths: [String]
    let update: Bool
    let verbose: Bool
    let scenarios: [String]
    let timeout: Double?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard !parsed.positionals.isEmpty else { throw .missingArgument("lab path (a .md file or a folder of labs)") }
        paths = parsed.positionals
        update = parsed.has("--update")
        verbose = parsed.has("--verbose")
        scenarios = parsed.values("--scenario")
        if let text = parsed.value("--timeout") {
            guard let seconds = Double(text), seconds > 0 else {
                throw .badValue(option: "--timeout", value: text, expected: "a number of seconds greater than 0")
            }
            timeout = seconds
        } else {
            timeout = nil
        }
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let labPaths: [String]
        let compiler: SwiftCompiler
        do {
            labPaths = try LabFile.expand(paths)
        } catch {
            Console.diagnostic([error.description])
            return ExitStatus.usage
        }
        do {
            compiler = try SwiftCompiler.locate(environment: environment)
        } catch {
            Console.error(error.description)
            return ExitStatus.usage
        }
        var pipeline = LabPipeline(compiler: compiler, environment: environment)
        pipeline.scenarioFilter = scenarios
        pipeline.timeoutOverride = timeout
        var report = TerminalReport(style: .forStandardOutput(environment: environment))
        report.verbose = verbose
        if verbose { Console.out(report.style.dim("swiftc: \(compiler.path)")) }

        var passed = 0, failed = 0, inputErrors = 0
        for (number, path) in labPaths.enumerated() {
            let outcome = pipeline.run(path: path)
            let summary = update ? write(outcome) : nil
            if number > 0 { Console.out("") }
            Console.out(report.render(outcome, update: summary))
            if case .invalid = outcome.status { inputErrors += 1 }
            let counts = Self.counts(outcome, updated: summary?.updatedScenarios ?? [])
            passed += counts.passed
            failed += counts.failed
        }
        Console.out(["", TerminalReport.summary(passed: passed, failed: failed)])
        if inputErrors > 0 { return ExitStatus.usage }
        return failed > 0 ? ExitStatus.failed : ExitStatus.success
    }

    /// A scenario whose only failure was output that `--update` wrote back counts as passed.
    static func counts(_ outcome: LabOutcome, updated: Set<String>) -> (passed: Int, failed: Int) {
        guard case .ran(let verdicts) = outcome.status, !updated.isEmpty else { return outcome.counts }
        let passed = verdicts.filter { $0.passed || ($0.problem == nil && updated.contains($0.scenario)) }.count
        return (passed, verdicts.count - passed)
    }

    /// Applies `--update` to one lab: plans the edits, then replaces the file atomically.
    private func write(_ outcome: LabOutcome) -> UpdateSummary? {
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
