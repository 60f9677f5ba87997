/// One Swift cell on a page: its `path:line` anchor, the highlighted code (lines with errors
/// marked, the messages under them, a crash's line marked too), then its outputs
/// (`NotebookOutputs`: one panel where every scenario printed the same, tabs where they differ).
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
        // A compile_fail or no_run cell has no scenario views (`NotebookResults`): its check is its
        // only verdict. A skipped cell says why once, above; a scenario that did not run says so on
        // top of the page.
        let views = results.skipped[line] == nil ? (results.scenarios[line] ?? []).filter { $0.scenario.run != nil } : []
        let crashLines = self.crashLines(views, in: range)
        let verdict = self.verdict(views, diagnostics: diagnostics)
        var html = "<section class=\"cell \(verdict.css)\" id=\"\(anchor)\" data-line=\"\(line)\">\n"
        html += "<div class=\"cell-head\"><a class=\"where\" href=\"#\(anchor)\">\(HTMLEscaping.text(path)):\(line)</a>"
        html += " <span class=\"badge \(verdict.css)\">\(verdict.text)</span></div>\n"
        html += "<pre class=\"code\"><code>"
        html += codeLines.enumerated().map { offset, text in
            let number = line + 1 + offset
            let marked = errorLines.contains(number) ? " error" : crashLines.contains(number) ? " crash" : ""
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
        html += NotebookOutputs(anchor: anchor, line: line, views: views).html()
        return html + "</section>\n"
    }

    /// The lines of this cell where a scenario's program crashed, as its standard error says
    /// (`lab.md:18: Fatal error: …`), to mark as a compile error's line is marked.
    private func crashLines(_ views: [NotebookResults.ScenarioCell], in lines: ClosedRange<Int>) -> Set<Int> {
        var found = Set<Int>()
        for view in views {
            guard let run = view.scenario.run, run.problem?.cellLine == line else { continue }
            for text in run.stderr.split(separator: "\n") where text.hasPrefix(path + ":") {
                let digits = text.dropFirst(path.count + 1).prefix { $0.isASCII && $0.isNumber }
                if let number = Int(digits), lines.contains(number), text.dropFirst(path.count + 1 + digits.count).hasPrefix(":") {
                    found.insert(number)
                }
            }
        }
        return found
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

    /// Unified diff lines, each coloured by its first character.
    static func diffHTML(_ lines: [String]) -> String {
        "<pre class=\"diff\">" + lines.map { line in
            let css = line.hasPrefix("@@") ? "hunk" : line.hasPrefix("-") ? "del" : line.hasPrefix("+") ? "ins" : "ctx"
            return "<span class=\"\(css)\">\(HTMLEscaping.text(line))</span>"
        }.joined() + "</pre>\n"
    }
}
