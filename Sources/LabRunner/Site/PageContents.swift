/// A page's contents: its sections and their subsections (`h2` and `h3`; the `h1` is the page's
/// title) as a nested list of links to their anchors, shown only when there are at least
/// `minimumCount` of them: a short page reads faster without.
enum PageContents {
    static let minimumCount = 3

    static func html(_ headings: [PageHeading]) -> String {
        let shown = headings.filter { (2...3).contains($0.level) }
        guard shown.count >= minimumCount else { return "" }
        var html = "<nav class=\"contents\" aria-label=\"Contents\"><p class=\"contents-title\">Contents</p>\n"
        // The levels of the lists still open; a heading deeper than the last opens one more, a
        // shallower one closes lists down to its level (never the outermost: an `h3` before any
        // `h2` is one of its items).
        var open: [Int] = []
        for heading in shown {
            if open.isEmpty {
                html += "<ul>\n<li>"
                open = [heading.level]
            } else if heading.level > open[open.count - 1] {
                html += "\n<ul>\n<li>"
                open.append(heading.level)
            } else {
                while open.count > 1, heading.level < open[open.count - 1] {
                    html += "</li>\n</ul>\n"
                    open.removeLast()
                }
                html += "</li>\n<li>"
            }
            html += "<a href=\"#\(heading.id)\">\(HTMLEscaping.text(heading.text))</a>"
        }
        html += String(repeating: "</li>\n</ul>\n", count: open.count)
        return html + "</nav>\n"
    }
}
