/// Building a scenario's report from its verdict: statuses, the problem in words, diffs and
/// every cell's expected and actual output.
extension ScenarioReport {
    /// A scenario that ran; `updated` when `--update` wrote its outputs back.
    init(_ verdict: ScenarioVerdict, lab: Lab, updated: Bool, appleAvailable: Bool) {
        let status: Status = verdict.passed ? .pass : updated && verdict.problem == nil ? .updated : .fail
        let stderr = lab.concealingKeyLines(ReportText.withoutStackFrames(lab.shownStderr(of: verdict), lab: lab))
        let run = ScenarioRunReport(duration: verdict.duration,
                                    problem: verdict.problem.map { ProblemReport($0, verdict: verdict, lab: lab) },
                                    stderr: stderr, stderrTail: ReportText.tail(of: stderr),
                                    mismatches: verdict.mismatches.map { MismatchReport($0, scenario: verdict.scenario, lab: lab) },
                                    flakiness: verdict.flakiness.map { Self.lines($0, lab: lab) })
        self.init(name: verdict.scenario, status: status, outcome: .ran(run),
                  cells: CellReport.cells(lab, verdict: verdict, scenario: verdict.scenario, updated: status == .updated,
                                          appleAvailable: appleAvailable))
    }

    /// A declared scenario without a run.
    init(notRun name: String, status: Status, reason: NotRun, lab: Lab, appleAvailable: Bool) {
        self.init(name: name, status: status, outcome: .notRun(reason),
                  cells: CellReport.cells(lab, verdict: nil, scenario: name, updated: false, appleAvailable: appleAvailable))
    }

    /// What differed between repeated runs: per cell, a diff of the first run's output against
    /// each other variant; then how the runs ended, if not all alike.
    static func lines(_ flakiness: Flakiness, lab: Lab) -> [String] {
        var out = ["flaky: \(flakiness.runCount) runs did not all come out the same"]
        func runs(_ variant: Flakiness.Variant) -> String {
            "run\(variant.runs.count == 1 ? "" : "s") \(variant.runs.map(String.init).joined(separator: ", "))"
        }
        for cell in flakiness.cells {
            let first = cell.variants[0]
            if lab.conceals(cell.cell) {
                out.append("\(lab.checkName(cellIndex: cell.cell.index)) printed differently in \(runs(first)) and "
                           + cell.variants.dropFirst().map(runs).joined(separator: " and "))
                continue
            }
            for other in cell.variants.dropFirst() {
                out.append("\(lab.location(line: cell.cell.line)): the cell printed differently in \(runs(first)) (-) and \(runs(other)) (+)")
                out += LineDiff.diff(ReportText.lines(first.text), ReportText.lines(other.text)).renderedLines()
            }
        }
        if !flakiness.endings.isEmpty {
            out.append("ended: " + flakiness.endings.map { "\($0.text) (\(runs($0)))" }.joined(separator: "; "))
        }
        return out
    }
}

extension ProblemReport {
    init(_ problem: ScenarioVerdict.Problem, verdict: ScenarioVerdict, lab: Lab) {
        var outputSoFar: [String]? = nil
        if let cell = verdict.lastCell, lab.conceals(cell) {
            self.init(kind: ReportText.kind(problem), summary: ReportText.summary(problem, lab: lab), cellIndex: cell.index,
                      cellLine: nil, place: " in \(lab.checkName(cellIndex: cell.index))", outputSoFar: nil)
            return
        }
        if case .timedOut = problem {
            outputSoFar = ReportText.tail(of: ControlPictures.forDisplay(verdict.lastCell.flatMap { verdict.actualOutputs[$0.index] } ?? ""))
        }
        self.init(kind: ReportText.kind(problem), summary: ReportText.summary(problem, lab: lab),
                  cellIndex: verdict.lastCell?.index, cellLine: verdict.lastCell?.line,
                  place: verdict.lastCell.map { " in the cell at \(lab.location(line: $0.line))" } ?? "",
                  outputSoFar: outputSoFar)
    }
}

extension MismatchReport {
    init(_ mismatch: ScenarioVerdict.Mismatch, scenario: String, lab: Lab) {
        if lab.conceals(mismatch.cell) {
            self.init(cellIndex: mismatch.cell.index, cellLine: mismatch.cell.line, expectedLine: nil,
                      header: "\(lab.checkName(cellIndex: mismatch.cell.index)) printed something else than it should in scenario \(scenario)",
                      diff: [], place: lab.checkName(cellIndex: mismatch.cell.index))
            return
        }
        // The key's block, when the submission has none for this scenario: cite the student's cell.
        let cited = mismatch.expected.flatMap { lab.conceals(line: $0.line) ? nil : $0.line } ?? mismatch.cell.line
        let header = mismatch.expected == nil
            ? "\(lab.location(line: cited)): the cell printed output but has no output block for scenario \(scenario) (+ actual)"
            : "\(lab.location(line: cited)): output differs in scenario \(scenario) (- expected, + actual)"
        self.init(cellIndex: mismatch.cell.index, cellLine: mismatch.cell.line, expectedLine: mismatch.expected?.line,
                  header: header, diff: mismatch.comparison.diff.renderedLines(), place: "line \(cited)")
    }
}

extension CellReport {
    /// Every cell of the lab for one scenario; `verdict` is nil when the program never ran.
    static func cells(_ lab: Lab, verdict: ScenarioVerdict?, scenario: String, updated: Bool, appleAvailable: Bool) -> [CellReport] {
        lab.cells.map { cell in
            var report = cellReport(lab, cell: cell, verdict: verdict, scenario: scenario, updated: updated, appleAvailable: appleAvailable)
            report.isScratch = lab.isScratch(cell) && !lab.conceals(cell)
            return report
        }
    }

    private static func cellReport(_ lab: Lab, cell: Cell, verdict: ScenarioVerdict?, scenario: String, updated: Bool,
                                   appleAvailable: Bool) -> CellReport {
        let expected = cell.expectedOutput(for: scenario)
        func report(_ status: Status, expectedLine: Int? = expected?.line, diff: [String] = [], skipped: SkippedCell.Reason? = nil) -> CellReport {
            CellReport(index: cell.index, line: cell.line, section: cell.section, status: status, expectedLine: expectedLine,
                       expected: expected?.block.code ?? "", actual: verdict?.actualOutputs[cell.index], diff: diff,
                       skipReason: skipped)
        }
        if let skipped = SkippedCell(cell, appleAvailable: appleAvailable) { return report(.skipped, skipped: skipped.reason) }
        guard let verdict else { return report(.notRun) }
        if let mismatch = verdict.mismatches.first(where: { $0.cell.index == cell.index }) {
            return report(updated ? .updated : .fail, expectedLine: mismatch.expected?.line ?? expected?.line,
                          diff: mismatch.comparison.diff.renderedLines())
        }
        // The cell running when the program crashed, timed out or stopped is where it failed.
        if verdict.problem != nil, verdict.lastCell?.index == cell.index { return report(.fail) }
        return report(verdict.actualOutputs[cell.index] != nil ? .pass : .notRun)
    }
}
