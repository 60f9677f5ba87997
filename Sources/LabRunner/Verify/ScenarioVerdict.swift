/// Whether one scenario run of a lab passed, and every reason it did not.
package struct ScenarioVerdict: Sendable {
    /// A cell whose output differs from its expected transcript.
    struct Mismatch: Sendable {
        let cell: Cell
        /// The output block that applies, nil when the cell has none for this scenario (expected silence).
        let expected: ExpectedOutput?
        let comparison: TranscriptComparison
    }

    /// How the program itself went wrong, apart from what it printed.
    enum Problem: Sendable, Equatable {
        case exitStatus(Int32)
        case signal(Int32)
        case timedOut(seconds: Double)
        case outputLimit(bytes: Int)
        /// It exited 0 before these cells ran.
        case stoppedEarly(notRun: [Int])
        case launchFailed(String)
        /// The cell markers came out of the program's order (`Transcript.tampering`): what was
        /// printed cannot be attributed to cells, so nothing of it counts.
        case tampered(String)
    }

    let scenario: String
    let mismatches: [Mismatch]
    let problem: Problem?
    /// The cell running when the program crashed or was stopped.
    let lastCell: Cell?
    let stderr: String
    let duration: Double
    /// Actual output per cell index, for every cell that ran (used by `--update`).
    let actualOutputs: [Int: String]
    /// With `--repeat`, what did not come out the same in every run.
    var flakiness: Flakiness? = nil
    /// Cells whose output was not valid UTF-8: compared and shown with U+FFFD for each bad
    /// sequence, but never written back by `--update` (the Markdown would not say what they print).
    var nonUTF8Cells: Set<Int> = []
    /// `stderr` by the cell that wrote it (nil when the run could not tell), for a report that
    /// must leave out what was written while a hidden check ran.
    var stderrByCell: [StderrSegment]? = nil

    var passed: Bool { problem == nil && mismatches.isEmpty && flakiness == nil }
    /// True when the run finished normally and the same every time, so its outputs can be written back.
    var isComplete: Bool { problem == nil && flakiness == nil }
}

extension ScenarioVerdict {
    /// Checks a run against the lab: exit status, then every cell's output that ran here.
    init(lab: Lab, run: ScenarioRun, timeout: Double, outputLimit: Int, appleAvailable: Bool) {
        let runnable = lab.compiledCells.filter { appleAvailable || !$0.needsApple }
        let transcript = run.transcript
        var problem: Problem?
        switch run.result.termination {
        case .exited(0):
            let notRun = runnable.map(\.index).filter { transcript.outputs[$0] == nil }
            if !notRun.isEmpty && !transcript.reachedEnd { problem = .stoppedEarly(notRun: notRun) }
        case .exited(let status): problem = .exitStatus(status)
        case .signaled(let signal): problem = .signal(signal)
        case .timedOut: problem = .timedOut(seconds: timeout)
        case .outputLimitExceeded: problem = .outputLimit(bytes: outputLimit)
        }
        if let tampering = transcript.tampering { problem = .tampered(tampering) }
        var mismatches: [Mismatch] = []
        var actual: [Int: String] = [:]
        for cell in runnable where transcript.outputs[cell.index] != nil {
            let output = transcript.output(ofCell: cell.index)
            actual[cell.index] = output
            // The cell that was running when the program died printed only part of its output.
            if problem != nil && cell.index == transcript.lastCell { continue }
            // Scratch work: shown in reports, never a failure.
            if lab.isScratch(cell) { continue }
            let expected = cell.expectedOutput(for: run.scenario)
            let comparison = TranscriptComparison(expected: expected?.block.code ?? "", actual: output)
            if !comparison.isMatch { mismatches.append(Mismatch(cell: cell, expected: expected, comparison: comparison)) }
        }
        self.init(scenario: run.scenario, mismatches: mismatches, problem: problem,
                  lastCell: transcript.lastCell.flatMap { index in lab.cells.first { $0.index == index } },
                  // Shown in reports: a lab's escape sequences must not act on the terminal.
                  stderr: ControlPictures.forDisplay(run.stderrSegments.map { $0.map(\.text).joined() }
                                                     ?? String(decoding: run.result.stderr, as: UTF8.self)),
                  duration: run.result.duration, actualOutputs: actual)
        stderrByCell = run.stderrSegments?.map { StderrSegment(cell: $0.cell, text: ControlPictures.forDisplay($0.text)) }
        nonUTF8Cells = Set(actual.keys.filter { UTF8Validation.firstInvalidByte(in: transcript.outputs[$0] ?? []) != nil })
    }

    /// A scenario that could not even start.
    init(scenario: String, launchFailure: String) {
        self.init(scenario: scenario, mismatches: [], problem: .launchFailed(launchFailure), lastCell: nil,
                  stderr: "", duration: 0, actualOutputs: [:])
    }
}
