/// One Swift cell on a page: its `path:line` anchor, the highlighted code (lines with errors
/// marked, the messages under them), then its output in every scenario, as tabs the page's
/// script switches (all shown without the script, and in print).
struct NotebookCell {
    let path: String
    /// The cell's fenced block, from the same parse as the lab's cell.
    let block: FencedBlock
    let results: NotebookResults

    var line: Int { block.openingLine }
    var code: String { block.code }

    var anchor: String { "L\(line)" }

    func html() -> String {
        let codeLines = SwiftHighlighter.lines(code)
        let range = (line + 1)...(line + max(1, codeLines.count))
        let diagnostics = results.diagnostics(in: range)
        let errorLines = Set(diagnostics.filter { $0.severity == "error" }.compactMap { $0.location?.line })
        // A compile_fail or no_run cell is not run in scenarios: its check is its only verdict.
        let views = results.checks[line] == nil ? results.scenarios[line] ?? [] : []
        let verdict = self.verdict(views, diagnostics: diagnostics)
        var html = "<section class=\"cell \(verdict.css)\" id=\"\(anchor)\" data-line=\"\(line)\">\n"
        html += "<div class=\"cell-head\"><a class=\"where\" href=\"#\(anchor)\">\(HTMLEscaping.text(path)):\(line)</a>"
        html += " <span class=\"badge \(verdict.css)\">\(verdict.text)</span></div>\n"
        html += "<pre class=\"code\"><code>"
        html += codeLines.enumerated().map { offset, text in
            let number = line + 1 + offset
            let marked = errorLines.contains(number) ? " error" : ""
            return "<span class=\"ln\(marked)\" id=\"L\(number)\" data-n=\"\(number)\">\(text)</span>"
        }.joined()
        html += "</code></pre>\n"
        if !diagnostics.isEmpty {
            html += "<ul class=\"diagnostics\">\n" + diagnostics.map { diagnostic in
                "<li class=\"\(HTMLEscaping.attribute(diagnostic.severity))\">\(HTMLEscaping.text(diagnostic.line))</li>\n"
            }.joined() + "</ul>\n"
        }
        if let skipped = results.skipped[line] {
            html += "<p class=\"note skipped\">skipped: \(HTMLEscaping.text(skipped.message))</p>\n"
        }
        if let check = results.checks[line] { html += checkHTML(check) }
        if !views.isEmpty { html += scenariosHTML(views) }
        return html + "</section>\n"
    }

    private func verdict(_ views: [NotebookResults.ScenarioCell], diagnostics: [DiagnosticReport]) -> (css: String, text: String) {
        if let check = results.checks[line] {
            return check.status == .fail ? ("fail", "failed") : ("pass", "passed")
        }
        if results.skipped[line] != nil { return ("skipped", "skipped") }
        if diagnostics.contains(where: { $0.severity == "error" }) { return ("fail", "does not compile") }
        let statuses = views.map(\.cell.status)
        if statuses.contains(.fail) {
            let failed = views.filter { $0.cell.status == .fail }.map(\.scenario.name)
            return ("fail", "failed in " + failed.joined(separator: ", "))
        }
        if statuses.contains(where: { $0 == .pass || $0 == .updated }) { return ("pass", "passed") }
        if statuses.isEmpty { return ("none", "not run") }
        return ("skipped", "not run")
    }

    private func checkHTML(_ check: CheckReport) -> String {
        let css = check.status == .fail ? "fail" : "pass"
        var html = "<div class=\"check \(css)\"><p class=\"summary\">\(check.role == .compileFail ? "compile_fail" : "no_run"): \(HTMLEscaping.text(check.summary))</p>\n"
        if !check.actual.isEmpty {
            html += "<pre class=\"out\">\(HTMLEscaping.text(check.actual.joined(separator: "\n")))</pre>\n"
        }
        if !check.diagnosticsDiff.isEmpty { html += NotebookCell.diffHTML(check.diagnosticsDiff) }
        return html + "</div>\n"
    }

    private func scenariosHTML(_ views: [NotebookResults.ScenarioCell]) -> String {
        var tabs = "<div class=\"tabs\" role=\"tablist\">"
        var panels = ""
        for (offset, view) in views.enumerated() {
            let status = Self.status(view)
            let id = "\(anchor)-\(HTMLEscaping.anchor(view.scenario.name))-\(offset)"
            let name = HTMLEscaping.text(view.scenario.name)
            tabs += "<button type=\"button\" class=\"tab \(status.css)\" role=\"tab\" data-panel=\"\(id)\">\(name) <span class=\"mark\">\(status.mark)</span></button>"
            panels += "<div class=\"panel \(status.css)\" id=\"\(id)\" role=\"tabpanel\" data-scenario=\"\(HTMLEscaping.attribute(view.scenario.name))\" data-status=\"\(status.css)\">"
            panels += "<p class=\"panel-title\">\(name): \(status.text)</p>\n" + panelBody(view) + "</div>\n"
        }
        return "<div class=\"outputs\">\n" + tabs + "</div>\n" + panels + "</div>\n"
    }

    static func status(_ view: NotebookResults.ScenarioCell) -> (css: String, mark: String, text: String) {
        switch view.cell.status {
        case .pass: ("pass", "✓", "passed")
        case .updated: ("pass", "✓", "updated")
        case .fail: ("fail", "✗", "failed")
        case .skipped: ("skipped", "–", "skipped")
        case .notRun: view.scenario.status == .fail ? ("fail", "✗", "not run") : ("skipped", "–", "not run")
        }
    }

    private func panelBody(_ view: NotebookResults.ScenarioCell) -> String {
        let cell = view.cell
        var html = ""
        if let reason = cell.skipReason {
            html += "<p class=\"note\">\(HTMLEscaping.text(SkippedCell(index: cell.index, line: cell.line, section: nil, reason: reason).message))</p>\n"
        } else if cell.status == .notRun {
            let reason = view.scenario.notRun?.message ?? "the program ended before this cell"
            html += "<p class=\"note\">\(HTMLEscaping.text(reason))</p>\n"
        }
        if cell.status == .fail, !cell.diff.isEmpty {
            let block = cell.expectedLine.map { "output block at line \($0)" } ?? "no output block: the cell should print nothing"
            html += "<p class=\"diff-head\">expected (\(HTMLEscaping.text(block))) against actual</p>\n" + NotebookCell.diffHTML(cell.diff)
        } else if let actual = cell.actual {
            html += actual.isEmpty ? "<p class=\"note\">(no output)</p>\n" : "<pre class=\"out\">\(HTMLEscaping.text(actual))</pre>\n"
        }
        if let run = view.scenario.run, let problem = run.problem, problem.cellLine == line {
            html += "<p class=\"problem\">\(HTMLEscaping.text(problem.message))</p>\n"
            if !run.stderrTail.isEmpty { html += "<pre class=\"out stderr\">\(HTMLEscaping.text(run.stderrTail.joined(separator: "\n")))</pre>\n" }
        }
        return html
    }

    /// Unified diff lines, each coloured by its first character.
    static func diffHTML(_ lines: [String]) -> String {
        "<pre class=\"diff\">" + lines.map { line in
            let css = line.hasPrefix("@@") ? "hunk" : line.hasPrefix("-") ? "del" : line.hasPrefix("+") ? "ins" : "ctx"
            return "<span class=\"\(css)\">\(HTMLEscaping.text(line))</span>"
        }.joined() + "</pre>\n"
    }
}
