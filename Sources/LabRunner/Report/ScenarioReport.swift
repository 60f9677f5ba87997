/// One scenario of a program: how its run went, cell by cell, or why it did not run.
package struct ScenarioReport: Sendable {
    package enum Status: String, Sendable {
        case pass, fail
        /// Its only failure was output that `--update` wrote back; counts as passed.
        case updated
        /// Declared by the lab but not run (not selected, a missing module).
        case skipped
    }

    /// Why a declared scenario has no run of its own.
    package enum NotRun: Sendable {
        /// `--scenario` left it out.
        case notSelected
        /// The program did not compile (fails the scenario).
        case compileError(String)
        /// The tool could not build or run it (fails the scenario).
        case toolError(String)
        /// A module is missing (skipped).
        case missingModule(String)

        /// A short, stable name: what JSON's `kind` says.
        package var kind: String {
            switch self {
            case .notSelected: "not-selected"
            case .compileError: "compile-error"
            case .toolError: "tool-error"
            case .missingModule: "missing-module"
            }
        }

        package var message: String {
            switch self {
            case .notSelected: "not run: scenario not selected"
            case .compileError(let text), .toolError(let text), .missingModule(let text): text
            }
        }
    }

    /// What the scenario's run came to, or why there was none: never both.
    package enum Outcome: Sendable {
        case ran(ScenarioRunReport)
        case notRun(NotRun)
    }

    package let name: String
    package let status: Status
    package let outcome: Outcome
    /// Every cell of the lab as this scenario saw it.
    package let cells: [CellReport]

    /// The run, when there was one.
    package var run: ScenarioRunReport? {
        if case .ran(let run) = outcome { return run }
        return nil
    }

    /// Why there was no run, when there was none.
    package var notRun: NotRun? {
        if case .notRun(let reason) = outcome { return reason }
        return nil
    }
}

/// How one scenario's program ran.
package struct ScenarioRunReport: Sendable {
    /// Seconds the run took.
    package let duration: Double
    /// How the program itself went wrong, apart from what it printed.
    package let problem: ProblemReport?
    /// Standard error without the runtime's stack frames, whole.
    package let stderr: String
    /// Its last lines, each cut to a readable length.
    package let stderrTail: [String]
    /// Cells whose output differs from their block, in document order.
    package let mismatches: [MismatchReport]
    /// With `--repeat`, what differed between runs, as lines (headers and diffs).
    package let flakiness: [String]?
}

/// How a run went wrong, with the words every report uses.
package struct ProblemReport: Sendable {
    /// A short, stable name: `crash`, `timeout`, `exit-status`, `output-limit`, `stopped-early`,
    /// `launch-failed` (JUnit's `type`, JSON's `kind`).
    package let kind: String
    /// What happened, without the place: `crashed: SIGILL (…)`, `timed out after 5.00s`.
    package let summary: String
    /// The cell that was running, when known.
    package let cellIndex: Int?
    package let cellLine: Int?
    /// ` in the cell at lab.md:12`, or "".
    package let place: String
    /// For a timeout: the last lines the running cell printed (empty when it printed nothing);
    /// nil for other problems.
    package let outputSoFar: [String]?

    /// `summary` and `place`: the problem in one line.
    package var message: String { summary + place }

    /// What a timeout adds after the message: `; output so far:` (the lines follow), or that
    /// there was none, so the report does not end on a colon with nothing after it.
    package var outputSoFarHeading: String {
        guard let outputSoFar else { return "" }
        return outputSoFar.isEmpty ? "; no output before it" : "; output so far:"
    }

    /// A title for an annotation: `crashed in scenario mock`.
    package func title(scenario: String) -> String {
        switch kind {
        case "exit-status": "\(summary) in scenario \(scenario)"
        case "crash": "crashed in scenario \(scenario)"
        case "timeout": "timed out in scenario \(scenario)"
        case "output-limit": "too much output in scenario \(scenario)"
        case "stopped-early": "stopped early in scenario \(scenario)"
        default: "could not start scenario \(scenario)"
        }
    }
}

/// A cell whose output differs from what its block says.
package struct MismatchReport: Sendable {
    package let cellIndex: Int
    package let cellLine: Int
    /// The output block's line; nil when the cell has none for the scenario (it should print nothing).
    package let expectedLine: Int?
    /// `lab.md:21: output differs in scenario failing (- expected, + actual)`.
    package let header: String
    /// Unified diff lines: `@@ … @@`, then " ", "-", "+" lines.
    package let diff: [String]
    /// Where the header says it is, in a few words for a line that points at it: `line 21`, or
    /// `hidden check 1 of exercise 'x'` (a graded submission never cites the key's lines).
    package var place: String = ""
}

/// One cell as one scenario saw it: everything a notebook page shows under the cell.
package struct CellReport: Sendable {
    package enum Status: String, Sendable {
        case pass, fail, skipped, updated
        case notRun = "not-run"
    }

    package let index: Int
    package let line: Int
    package let section: String?
    package let status: Status
    /// The line of the output block for this scenario; nil when the cell should print nothing.
    package let expectedLine: Int?
    /// What the block says the cell prints ("" when there is no block).
    package let expected: String
    /// What the cell printed, nil when it did not run.
    package let actual: String?
    /// Unified diff lines; empty unless the output differed.
    package let diff: [String]
    /// Why the cell was not compiled, for skipped cells.
    package let skipReason: SkippedCell.Reason?
    /// A scratch cell: its output (`actual`) is shown, never compared.
    package var isScratch = false
}
