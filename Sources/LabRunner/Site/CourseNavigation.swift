/// The pages of a site in course order (`CourseOrder`), and what each page shows of them: a
/// sidebar listing them all, this one marked, and links to the previous and the next.
package struct CourseNavigation: Sendable {
    package struct Entry: Sendable, Equatable {
        /// The file's path as the run names it.
        package let path: String
        /// Its page in the site.
        package let page: String
        package let title: String
    }

    package let entries: [Entry]

    package init(entries: [Entry]) {
        self.entries = entries
    }

    /// The sidebar and the previous/next links of the page at `page`; empty for a page that is
    /// not in the course or a course of one page.
    func html(forPage page: String) -> (sidebar: String, pager: String) {
        guard entries.count > 1, let index = entries.firstIndex(where: { $0.page == page }) else { return ("", "") }
        func link(_ entry: Entry) -> String { HTMLEscaping.attribute(SiteLinks.relative(from: page, to: entry.page)) }
        let items = entries.map { entry in
            let current = entry.page == page ? " aria-current=\"page\"" : ""
            return "<li><a href=\"\(link(entry))\"\(current)>\(HTMLEscaping.text(entry.title))</a></li>\n"
        }.joined()
        let home = HTMLEscaping.attribute(NotebookSite.rootLink(from: page) + "index.html")
        let sidebar = "<nav class=\"course\" aria-label=\"Course\"><p class=\"course-title\"><a href=\"\(home)\">All files</a></p>\n"
            + "<ol>\n\(items)</ol></nav>\n"
        var pager = ""
        if index > 0 {
            let previous = entries[index - 1]
            pager += "<a rel=\"prev\" href=\"\(link(previous))\">← \(HTMLEscaping.text(previous.title))</a>"
        }
        if index + 1 < entries.count {
            let next = entries[index + 1]
            pager += "<a rel=\"next\" href=\"\(link(next))\">\(HTMLEscaping.text(next.title)) →</a>"
        }
        return (sidebar, "<nav class=\"pager\" aria-label=\"Previous and next\">\(pager)</nav>\n")
    }
}
