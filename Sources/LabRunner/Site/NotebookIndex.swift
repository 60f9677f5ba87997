/// The site's `index.html`: every file of the run with its verdict and its tests' counts, each
/// linked to its page (by a relative path, see `NotebookSite.link(to:)`), in course order, and
/// the run's totals.
package enum NotebookIndex {
    /// `order`: the files' paths in course order (`CourseOrder`); the run's order without it.
    package static func html(_ run: RunReport, pagePath: (FileReport) -> String, order: [String] = []) -> String {
        var rows = ""
        let rank = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let files = run.files.enumerated().sorted { (rank[$0.element.path] ?? $0.offset, $0.offset) < (rank[$1.element.path] ?? $1.offset, $1.offset) }
        for (_, file) in files {
            let verdict = verdict(file)
            let title = NotebookPage(file: file, indexLink: "").title
            rows += "<tr class=\"\(verdict.css)\"><td class=\"path\"><a href=\"\(HTMLEscaping.attribute(NotebookSite.link(to: pagePath(file))))\">"
                + "\(HTMLEscaping.text(file.path))</a></td><td>\(title == file.path ? "" : HTMLEscaping.text(title))</td>"
                + "<td><span class=\"verdict\">\(HTMLEscaping.text(verdict.text))</span></td>"
                + "<td>\(scenarios(file))</td></tr>\n"
        }
        let totals = run.totals
        let summary = TerminalReport.summary(passed: totals.passed, failed: totals.failed, skipped: totals.skipped)
            + (totals.notChecked > 0 ? ", \(totals.notChecked) file\(totals.notChecked == 1 ? "" : "s") could not be checked" : "")
        let body = "<h1>Labs</h1>\n<p class=\"summary\">\(summary)</p>\n"
            + "<table class=\"files\">\n<thead><tr><th>file</th><th>title</th><th>verdict</th><th>scenarios</th></tr></thead>\n"
            + "<tbody>\n\(rows)</tbody>\n</table>\n"
        return NotebookStyle.page(title: "Labs: \(summary)", body: body)
    }

    /// Each scenario of the file's program with its mark, such as `mock ✓ empty ✗`.
    static func scenarios(_ file: FileReport) -> String {
        file.parts.flatMap(\.scenarios).map { scenario in
            let css = scenario.status == .fail ? "fail" : scenario.status == .skipped ? "skipped" : "pass"
            let mark = css == "fail" ? "✗" : css == "skipped" ? "–" : "✓"
            return "<span class=\"\(css)\"><span class=\"mark\">\(mark)</span> \(HTMLEscaping.text(scenario.name))</span>"
        }.joined(separator: " ")
    }

    /// The file's verdict as the index and its page show it.
    static func verdict(_ file: FileReport) -> (css: String, text: String) {
        switch file.content {
        case .unreadable: return ("fail", "could not be read")
        case .invalid: return ("fail", "not a valid lab")
        case .guide(let guide, _):
            if guide.toolFailure != nil { return ("fail", "could not be checked") }
            return (guide.tally.failed > 0 ? "fail" : guide.tally.passed == 0 ? "skipped" : "pass", guide.summary)
        case .lab:
            if !file.wasChecked { return ("fail", "could not be checked") }
            let counts = file.counts
            if counts.failed > 0 { return ("fail", "\(counts.passed) passed, \(counts.failed) failed") }
            if counts.passed == 0 { return ("skipped", "no tests") }
            return ("pass", "\(counts.passed) passed")
        }
    }
}
