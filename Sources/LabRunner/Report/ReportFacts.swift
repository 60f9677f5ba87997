/// What the machine-readable reports (JUnit, JSON, GitHub annotations) say about an outcome, worked
/// out once so they agree with each other and word things as the terminal report does.
package enum ReportFacts {
    /// Lines of stderr (and of a timed-out cell's output) a report quotes, as in the terminal report.
    static let tailLines = 10

    enum ScenarioStatus: String, Sendable {
        case pass, fail
        /// Its only failure was output that `--update` wrote back; counts as passed.
        case updated
        /// Declared by the lab but not run (not selected, or nothing to compile on this platform).
        case skipped
    }

    enum CellStatus: String, Sendable {
        case pass, fail, skipped
        case updated
        case notRun = "not-run"
    }

    /// One cell as seen by one scenario run.
    struct CellResult: Sendable {
        let cell: Cell
        let status: CellStatus
        /// The line of the output block that applies to the scenario, nil when it has none.
        let expectedLine: Int?
        /// The unified diff (hunk headers and " ", "-", "+" lines) when the output differed.
        let diff: [String]
        /// Why the cell was not compiled, for skipped cells.
        let skipReason: String?
    }

    /// Whether swiftc ran for this lab: false for a cache hit, and for labs that never reached the
    /// compiler (invalid, or nothing to compile here).
    static func compilerRan(_ outcome: LabOutcome) -> Bool {
        switch outcome.status {
        case .invalid, .nothingToRun: false
        case .compileFailed, .toolFailed, .ran, .compiledOnly, .missingModules, .checked: outcome.compilerRan
        }
    }

    static func scenarioStatus(_ verdict: ScenarioVerdict, updated: Set<String>) -> ScenarioStatus {
        if verdict.passed { return .pass }
        if verdict.problem == nil && updated.contains(verdict.scenario) { return .updated }
        return .fail
    }

    /// Scenario runs counted as passed and failed, a scenario `--update` fixed counting as passed
    /// (the same numbers as the closing `N passed, N failed` line).
    package static func counts(_ outcome: LabOutcome, updated: Set<String>) -> (passed: Int, failed: Int) {
        if case .checked(let check) = outcome.status, check.problem == nil, updated.contains(DiagnosticsUpdater.updatedMarker) {
            return (1, 0)
        }
        guard case .ran(let verdicts) = outcome.status else { return outcome.counts }
        let passed = verdicts.filter { scenarioStatus($0, updated: updated) != .fail }.count
        return (passed, verdicts.count - passed)
    }

    /// Every cell of the lab for one scenario; `verdict` is nil when the program never ran.
    static func cells(_ lab: Lab, verdict: ScenarioVerdict?, scenario: String, appleAvailable: Bool,
                      updated: Bool = false) -> [CellResult] {
        lab.cells.map { cell in
            let expectedLine = cell.expectedOutput(for: scenario)?.line
            if let reason = skipReason(cell, appleAvailable: appleAvailable) {
                return CellResult(cell: cell, status: .skipped, expectedLine: expectedLine, diff: [], skipReason: reason)
            }
            guard let verdict else {
                return CellResult(cell: cell, status: .notRun, expectedLine: expectedLine, diff: [], skipReason: nil)
            }
            if let mismatch = verdict.mismatches.first(where: { $0.cell.index == cell.index }) {
                return CellResult(cell: cell, status: updated && verdict.problem == nil ? .updated : .fail,
                                  expectedLine: mismatch.expected?.line ?? expectedLine,
                                  diff: mismatch.comparison.diff.renderedLines(), skipReason: nil)
            }
            // The cell running when the program crashed, timed out or stopped is where it failed.
            if verdict.problem != nil, verdict.lastCell?.index == cell.index {
                return CellResult(cell: cell, status: .fail, expectedLine: expectedLine, diff: [], skipReason: nil)
            }
            let ran = verdict.actualOutputs[cell.index] != nil
            return CellResult(cell: cell, status: ran ? .pass : .notRun, expectedLine: expectedLine, diff: [], skipReason: nil)
        }
    }

    /// Why a cell is not compiled here, nil when it is.
    static func skipReason(_ cell: Cell, appleAvailable: Bool) -> String? {
        if cell.isSkipped { return "marked skip" }
        if !appleAvailable, case .apple(let reason) = cell.platform {
            return "needs SwiftUI, not available here (\(reason))"
        }
        return nil
    }

    /// A short, stable name for the kind of problem: what JUnit's `type` and JSON's `kind` say.
    static func kind(_ problem: ScenarioVerdict.Problem) -> String {
        switch problem {
        case .exitStatus: "exit-status"
        case .signal: "crash"
        case .timedOut: "timeout"
        case .outputLimit: "output-limit"
        case .stoppedEarly: "stopped-early"
        case .launchFailed: "launch-failed"
        }
    }

    /// The problem in the terminal report's words, without the place (`crashed: SIGILL (…)`).
    static func summary(_ problem: ScenarioVerdict.Problem, lab: Lab?) -> String {
        switch problem {
        case .exitStatus(let status):
            return "exited with status \(status)"
        case .signal(let signal):
            return "crashed: \(SignalName.name(signal))" + signalHint(signal)
        case .timedOut(let seconds):
            return "timed out after \(TerminalReport.seconds(seconds))"
        case .outputLimit(let bytes):
            return "stopped: printed more than \(bytes) bytes"
        case .stoppedEarly(let notRun):
            let lines = notRun.map { index in lab?.cells.first { $0.index == index }.map { String($0.line) } ?? "#\(index)" }
            return "exited before running the cells at lines \(lines.joined(separator: ", "))"
        case .launchFailed(let message):
            return "could not start: \(message)"
        }
    }

    /// ` in the cell at lab.md:12` when the verdict knows the cell that was running, else "".
    static func place(_ verdict: ScenarioVerdict, lab: Lab) -> String {
        verdict.lastCell.map { " in the cell at \(lab.location(line: $0.line))" } ?? ""
    }

    /// The heading of a mismatch's diff, as the terminal report writes it.
    static func mismatchHeader(_ mismatch: ScenarioVerdict.Mismatch, scenario: String, lab: Lab) -> String {
        if let expected = mismatch.expected {
            return "\(lab.location(line: expected.line)): output differs in scenario \(scenario) (- expected, + actual)"
        }
        return "\(lab.location(line: mismatch.cell.line)): the cell printed output but has no output block for scenario \(scenario) (+ actual)"
    }

    /// The last lines of stderr without the runtime's stack frames.
    static func stderrTail(_ verdict: ScenarioVerdict, lab: Lab?) -> [String] {
        let text = lab.map { TerminalReport.withoutStackFrames(verdict.stderr, lab: $0) } ?? verdict.stderr
        return tail(of: text)
    }

    /// What the cell that timed out had printed, its last lines.
    static func outputSoFar(_ verdict: ScenarioVerdict) -> [String] {
        tail(of: ControlPictures.forDisplay(verdict.lastCell.flatMap { verdict.actualOutputs[$0.index] } ?? ""))
    }

    /// Everything a report says about a failed run: the problem with its place, the output so far
    /// of a timed-out cell, the stderr tail, then each mismatch's header and diff.
    static func failureLines(_ verdict: ScenarioVerdict, lab: Lab) -> [String] {
        var out: [String] = []
        if let problem = verdict.problem {
            out.append(summary(problem, lab: lab) + place(verdict, lab: lab) + (problem.isTimeout ? "; output so far:" : ""))
            if problem.isTimeout { out += outputSoFar(verdict).map { "  " + $0 } }
            let stderr = stderrTail(verdict, lab: lab)
            if !stderr.isEmpty { out += ["stderr:"] + stderr.map { "  " + $0 } }
        }
        for mismatch in verdict.mismatches {
            out.append(mismatchHeader(mismatch, scenario: verdict.scenario, lab: lab))
            out += mismatch.comparison.diff.renderedLines()
        }
        if let flakiness = verdict.flakiness { out += flakinessLines(flakiness, lab: lab) }
        return out
    }

    /// What differed between repeated runs: per cell, a diff of the first run's output against
    /// each other variant; then how the runs ended, if not all alike.
    static func flakinessLines(_ flakiness: Flakiness, lab: Lab) -> [String] {
        var out = ["flaky: \(flakiness.runCount) runs did not all come out the same"]
        func runs(_ variant: Flakiness.Variant) -> String {
            "run\(variant.runs.count == 1 ? "" : "s") \(variant.runs.map(String.init).joined(separator: ", "))"
        }
        for cell in flakiness.cells {
            let first = cell.variants[0]
            for other in cell.variants.dropFirst() {
                out.append("\(lab.location(line: cell.cell.line)): the cell printed differently in \(runs(first)) (-) and \(runs(other)) (+)")
                out += LineDiff.diff(lines(first.text), lines(other.text)).renderedLines()
            }
        }
        if !flakiness.endings.isEmpty {
            out.append("ended: " + flakiness.endings.map { "\($0.text) (\(runs($0)))" }.joined(separator: "; "))
        }
        return out
    }

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `did not compile (2 errors)`, counting errors only (not their notes).
    static func compileFailure(_ errors: [Diagnostic]) -> String {
        let count = errors.filter { $0.severity == .error }.count
        return "did not compile (\(count) error\(count == 1 ? "" : "s"))"
    }

    /// `lab.md:3:7: error: message`, as compilers and the terminal report print it.
    static func line(_ diagnostic: Diagnostic) -> String {
        let place = diagnostic.location.map { "\($0): " } ?? ""
        let origin = diagnostic.inPrelude ? " (in the labrunner prelude)" : ""
        return place + diagnostic.severity.rawValue + ": " + diagnostic.message + origin
    }

    /// The diagnostic line followed by the Markdown line it points at, with a caret.
    static func lines(_ diagnostic: Diagnostic, lab: Lab?) -> [String] {
        var out = [line(diagnostic)]
        if let location = diagnostic.location, let lab, location.path == lab.path {
            out += SourceExcerpt.lines(for: location, in: lab.source, style: .plain)
        }
        return out
    }

    /// The path an input error is about, whether or not it has a line.
    static func path(of error: LabError, fallback: String) -> String {
        switch error {
        case .unreadable(let path, _), .noLabs(let path): path
        default: error.location?.path ?? fallback
        }
    }

    /// Characters a quoted line keeps; the rest is cut, said with a trailing "…".
    static let maxLineLength = 240

    /// The last `count` lines of `text`, each at most `maxLineLength` characters: a lab that
    /// wrote a megabyte without a newline must not put a megabyte into the report.
    static func tail(of text: String, count: Int = tailLines) -> [String] {
        // Only the end matters; splitting all of a large output into lines would be wasted work.
        let window = text.suffix(count * (maxLineLength + 2))
        var lines = window.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        if window.startIndex != text.startIndex, let first = lines.first {
            lines[0] = "…" + first  // the window began inside this line
        }
        return lines.suffix(count).map { line in
            line.count > maxLineLength ? String(line.prefix(maxLineLength)) + "…" : line
        }
    }

    private static func signalHint(_ signal: Int32) -> String {
        switch SignalName.name(signal) {
        case "SIGILL", "SIGTRAP": " (a Swift runtime trap: fatalError, force unwrap of nil, index out of range…)"
        case "SIGSEGV", "SIGBUS": " (invalid memory access)"
        case "SIGABRT": " (abort)"
        case "SIGKILL": " (killed: by the lab itself, another process, or the system when out of memory)"
        default: ""
        }
    }
}

extension ScenarioVerdict.Problem {
    var isTimeout: Bool { if case .timedOut = self { true } else { false } }
}
