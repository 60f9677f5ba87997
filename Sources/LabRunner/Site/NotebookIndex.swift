/// The site's `index.html`: every file of the run with its verdict and its tests' counts, each
/// linked to its page (by a relative path, see `NotebookSite.link(to:)`), in course order, and
/// the run's totals. `watch --serve` shows the same index at `/`, its rows from the latest runs.
package enum NotebookIndex {
    /// One row: a file, the link to its page (unescaped), and its report once it has one.
    package struct Row: Sendable {
        package let path: String
        package let link: String
        /// Nil while its first run is under way (`watch --serve`).
        package let file: FileReport?
        /// A new run of it is under way (`watch --serve`): the row says so beside the last verdict.
        package let running: Bool

        package init(path: String, link: String, file: FileReport?, running: Bool = false) {
            self.path = path
            self.link = link
            self.file = file
            self.running = running
        }
    }

    /// `order`: the files' paths in course order (`CourseOrder`); the run's order without it.
    package static func html(_ run: RunReport, pagePath: (FileReport) -> String, order: [String] = []) -> String {
        let rank = Dictionary(order.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let files = run.files.enumerated().sorted { (rank[$0.element.path] ?? $0.offset, $0.offset) < (rank[$1.element.path] ?? $1.offset, $1.offset) }
        let rows = files.map { Row(path: $0.element.path, link: NotebookSite.link(to: pagePath($0.element)), file: $0.element) }
        return page(rows: rows, totals: run.totals)
    }

    /// The whole index page: `rows` in the order given, the totals on top, and `note` (HTML) under them.
    package static func page(rows: [Row], totals: RunReport.Totals, note: String = "") -> String {
        let summary = TerminalReport.summary(passed: totals.passed, failed: totals.failed, skipped: totals.skipped)
            + (totals.notChecked > 0 ? ", \(totals.notChecked) file\(totals.notChecked == 1 ? "" : "s") could not be checked" : "")
        let body = "<h1>Labs</h1>\n<p class=\"summary\">\(summary)</p>\n" + (note.isEmpty ? "" : "<p class=\"note\">\(note)</p>\n")
            + "<table class=\"files\">\n<thead><tr><th>file</th><th>title</th><th>verdict</th><th>scenarios</th></tr></thead>\n"
            + "<tbody>\n\(rows.map(row).joined())</tbody>\n</table>\n"
        return NotebookStyle.page(title: "Labs: \(summary)", body: body)
    }

    private static func row(_ row: Row) -> String {
        let link = "<td class=\"path\"><a href=\"\(HTMLEscaping.attribute(row.link))\">\(HTMLEscaping.text(row.path))</a></td>"
        let running = "<span class=\"verdict skipped running\">running…</span>"
        guard let file = row.file else { return "<tr class=\"skipped\">\(link)<td></td><td>\(running)</td><td></td></tr>\n" }
        let verdict = verdict(file)
        let title = NotebookPage(file: file, indexLink: "").title
        return "<tr class=\"\(verdict.css)\">\(link)<td>\(title == file.path ? "" : HTMLEscaping.text(title))</td>"
            + "<td><span class=\"verdict\">\(HTMLEscaping.text(verdict.text))</span>\(row.running ? " " + running : "")</td>"
            + "<td>\(scenarios(file))</td></tr>\n"
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
