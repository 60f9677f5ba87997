/// The outputs under one cell, one panel per different thing the scenarios that ran it show:
/// one panel, without tabs, when every scenario printed the same; tabs only where they differ,
/// each named by its scenarios (`mock, empty`), with the lines that differ from another tab's
/// output marked; nothing for a cell that passed everywhere without printing. Scenarios that did
/// not run at all are said once for the whole page (`NotebookResults.fileNotes`), not per cell.
struct NotebookOutputs {
    /// The scenarios that showed the cell the same way, and what they show.
    struct Panel {
        var scenarios: [String]
        let status: (css: String, mark: String, text: String)
        /// What the panel shows, without its title.
        let body: String
        /// The lines it printed, when it shows them as they are (not a diff, not a note).
        let output: [String]?
        let view: NotebookResults.ScenarioCell
    }

    let anchor: String
    let line: Int
    let panels: [Panel]

    init(anchor: String, line: Int, views: [NotebookResults.ScenarioCell]) {
        self.anchor = anchor
        self.line = line
        var panels: [Panel] = []
        for view in views {
            let status = Self.status(view)
            let body = Self.body(view, line: line, marked: [])
            if let index = panels.firstIndex(where: { $0.status.css == status.css && $0.status.text == status.text && $0.body == body }) {
                panels[index].scenarios.append(view.scenario.name)
            } else {
                panels.append(Panel(scenarios: [view.scenario.name], status: status, body: body, output: Self.output(view), view: view))
            }
        }
        self.panels = panels
    }

    /// Whether there is nothing to show: no scenario ran the cell, or every one passed it
    /// without printing (the cell's badge says so).
    var isEmpty: Bool {
        panels.isEmpty || panels.count == 1 && panels[0].status.css == "pass" && panels[0].output == []
    }

    func html() -> String {
        if isEmpty { return "" }
        if panels.count == 1 {
            // "(no output)" tells a tab from another; alone, with what went wrong below it, it is noise.
            let body = panels[0].body.replacingOccurrences(of: Self.noOutput, with: "")
            return "<div class=\"outputs single\">\n" + panelHTML(panels[0], offset: 0, body: body, role: "", titled: false) + "</div>\n"
        }
        var tabs = "<div class=\"tabs\" role=\"tablist\">"
        var html = ""
        for (offset, panel) in panels.enumerated() {
            let names = HTMLEscaping.text(panel.scenarios.joined(separator: ", "))
            tabs += "<button type=\"button\" class=\"tab \(panel.status.css)\" role=\"tab\" data-panel=\"\(id(panel, offset))\">"
                + "\(names) <span class=\"mark\">\(panel.status.mark)</span></button>"
            let others = panels.indices.filter { $0 != offset }.compactMap { panels[$0].output }
            let marked = panel.output.map { DifferingLines.unmatched($0, against: others) } ?? []
            let body = marked.isEmpty ? panel.body : Self.body(panel.view, line: line, marked: marked)
            html += panelHTML(panel, offset: offset, body: body, role: " role=\"tabpanel\"", titled: true)
        }
        return "<div class=\"outputs\">\n" + tabs + "</div>\n" + html + "</div>\n"
    }

    private func id(_ panel: Panel, _ offset: Int) -> String {
        "\(anchor)-\(HTMLEscaping.anchor(panel.scenarios[0]))-\(offset)"
    }

    /// A panel; a tab's titled with its scenarios and verdict (print shows every tab's panel), a
    /// single one not: the cell's badge already says how it went.
    private func panelHTML(_ panel: Panel, offset: Int, body: String, role: String, titled: Bool) -> String {
        let title = titled ? "<p class=\"panel-title\">\(HTMLEscaping.text(panel.scenarios.joined(separator: ", "))): \(panel.status.text)</p>\n" : ""
        return "<div class=\"panel \(panel.status.css)\" id=\"\(id(panel, offset))\"\(role) "
            + "data-scenarios=\"\(HTMLEscaping.attribute(panel.scenarios.joined(separator: " ")))\" data-status=\"\(panel.status.css)\">"
            + title + body + "</div>\n"
    }

    private static let noOutput = "<p class=\"note\">(no output)</p>\n"

    static func status(_ view: NotebookResults.ScenarioCell) -> (css: String, mark: String, text: String) {
        switch view.cell.status {
        case .pass: ("pass", "✓", "passed")
        case .updated: ("pass", "✓", "updated")
        case .fail: ("fail", "✗", "failed")
        case .skipped: ("skipped", "–", "skipped")
        case .notRun: view.scenario.status == .fail ? ("fail", "✗", "not run") : ("skipped", "–", "not run")
        }
    }

    /// The lines a panel shows as printed: a cell that ran and did not fail with a diff.
    private static func output(_ view: NotebookResults.ScenarioCell) -> [String]? {
        guard let actual = view.cell.actual, !(view.cell.status == .fail && !view.cell.diff.isEmpty) else { return nil }
        return ReportText.lines(actual)
    }

    /// What one scenario shows: why it did not run the cell, its diff, what it printed (the
    /// `marked` lines, by index, as differing from another panel's), its crash or timeout here.
    private static func body(_ view: NotebookResults.ScenarioCell, line: Int, marked: Set<Int>) -> String {
        let cell = view.cell
        var html = ""
        if let reason = cell.skipReason {
            html += "<p class=\"note\">\(HTMLEscaping.text(SkippedCell(index: cell.index, line: cell.line, section: nil, reason: reason).message))</p>\n"
        } else if cell.status == .notRun {
            if let stop = view.scenario.run?.problem?.cellLine {
                html += "<p class=\"note\">the program stopped <a href=\"#L\(stop)\">at line \(stop)</a>, before this cell</p>\n"
            } else {
                html += "<p class=\"note\">\(HTMLEscaping.text(view.scenario.notRun?.message ?? "the program ended before this cell"))</p>\n"
            }
        }
        if cell.status == .fail, !cell.diff.isEmpty {
            let block = cell.expectedLine.map { "output block at line \($0)" } ?? "no output block: the cell should print nothing"
            html += "<p class=\"diff-head\">expected (\(HTMLEscaping.text(block))) against actual</p>\n" + NotebookCell.diffHTML(cell.diff)
        } else if let actual = cell.actual {
            let lines = ReportText.lines(actual)
            html += actual.isEmpty ? noOutput : "<pre class=\"out\">" + lines.enumerated().map { index, text in
                marked.contains(index) ? "<mark class=\"differs\">\(HTMLEscaping.text(text))</mark>" : HTMLEscaping.text(text)
            }.joined(separator: "\n") + (actual.hasSuffix("\n") ? "\n" : "") + "</pre>\n"
        }
        if let run = view.scenario.run, let problem = run.problem, problem.cellLine == line {
            html += "<p class=\"problem\">\(HTMLEscaping.text(problem.message))</p>\n"
            if !run.stderrTail.isEmpty { html += "<pre class=\"out stderr\">\(HTMLEscaping.text(run.stderrTail.joined(separator: "\n")))</pre>\n" }
        }
        return html
    }
}
