/// What differed between repeated runs of one scenario (`--repeat N`): a lab whose transcript
/// depends on timing luck passes on one machine and fails on the next.
struct Flakiness: Sendable {
    /// One distinct result and the runs (1-based) that produced it.
    struct Variant: Sendable, Equatable {
        let runs: [Int]
        let text: String
    }

    /// A cell that printed different things in different runs.
    struct Cell: Sendable {
        let cell: LabRunner.Cell
        /// The distinct outputs, the first run's first.
        let variants: [Variant]
    }

    let runCount: Int
    let cells: [Cell]
    /// How the runs ended, when they did not all end the same way.
    let endings: [Variant]

    /// Compares the runs of one scenario; nil when every run printed and ended the same.
    ///
    /// Outputs are compared as reconciled with the cell's expected transcript, so what a `[..]`
    /// or `...` line is there to absorb (a duration, a date) is not taken for flakiness.
    static func compare(_ runs: [ScenarioRun], lab: Lab) -> Flakiness? {
        guard runs.count > 1 else { return nil }
        var cells: [Cell] = []
        for cell in lab.compiledCells {
            let expected = cell.expectedOutput(for: runs[0].scenario)?.block.code ?? ""
            let outputs = runs.map { run in
                run.transcript.outputs[cell.index].map {
                    TranscriptComparison(expected: expected, actual: String(decoding: $0, as: UTF8.self)).reconciled
                }
            }
            guard outputs.contains(where: { $0 != nil }) else { continue }
            let variants = group(outputs.map { $0 ?? "(did not run)\n" })
            if variants.count > 1 { cells.append(Cell(cell: cell, variants: variants)) }
        }
        let endings = group(runs.map { ending($0.result.termination) })
        guard !cells.isEmpty || endings.count > 1 else { return nil }
        return Flakiness(runCount: runs.count, cells: cells, endings: endings.count > 1 ? endings : [])
    }

    private static func ending(_ termination: ProcessTermination) -> String {
        switch termination {
        case .exited(let status): "exited with status \(status)"
        case .signaled(let signal): "killed by \(SignalName.name(signal))"
        case .timedOut: "timed out"
        case .outputLimitExceeded: "stopped at the output limit"
        }
    }

    private static func group(_ texts: [String]) -> [Variant] {
        var variants: [(runs: [Int], text: String)] = []
        for (offset, text) in texts.enumerated() {
            if let i = variants.firstIndex(where: { $0.text == text }) { variants[i].runs.append(offset + 1) }
            else { variants.append(([offset + 1], text)) }
        }
        return variants.map { Variant(runs: $0.runs, text: $0.text) }
    }
}
