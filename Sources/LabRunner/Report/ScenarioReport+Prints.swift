/// A guide sample whose output differs from its `// Prints` comments, as a scenario report with
/// one mismatch: every report (terminal, JUnit, JSON, annotations, notebook) shows it as it shows
/// an output block's, at the first differing comment's line.
extension ScenarioReport {
    init(_ mismatch: PrintsMismatch, sample: Cell, scenario: String, lab: Lab) {
        let header = "\(lab.location(line: mismatch.line)): output differs from the // Prints comments (- expected, + actual)"
        let diff = mismatch.diff
        let report = MismatchReport(cellIndex: sample.index, cellLine: sample.line, expectedLine: mismatch.line,
                                    header: header, diff: diff, place: "line \(mismatch.line)")
        let stderr = ReportText.withoutStackFrames(mismatch.stderr, lab: lab)
        let run = ScenarioRunReport(duration: mismatch.duration, problem: nil, stderr: stderr, stderrTail: ReportText.tail(of: stderr),
                                    mismatches: [report], flakiness: nil)
        let cell = CellReport(index: sample.index, line: sample.line, section: sample.section, status: .fail,
                              expectedLine: mismatch.line, expected: Self.text(mismatch.expected),
                              actual: Self.text(mismatch.actual), diff: diff, skipReason: nil)
        self.init(name: scenario, status: .fail, outcome: .ran(run), cells: [cell])
    }

    private static func text(_ lines: [String]) -> String { lines.map { $0 + "\n" }.joined() }
}
