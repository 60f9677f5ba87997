import Testing
@testable import LabRunner

/// The course order: a README leads its folder and brings the files it links in their order;
/// without one, path order with a folder's files before its subfolders.
struct CourseOrderTests {
    @Test func aREADMEsLinksDecideTheOrderOfItsFolder() {
        let links = ["Labs/README.md": ["Labs/lab10.md", "Labs/lab02.md", "docs/guide.md", "Labs/lab02.md"],
                     "README.md": ["Labs/README.md", "docs/b.md"]]
        let order = CourseOrder.arrange(["docs/a.md", "docs/b.md", "docs/guide.md", "Labs/lab02.md", "Labs/lab10.md",
                                         "Labs/extra.md", "Labs/README.md", "README.md", "./notes.md"]) { links[$0] ?? [] }
        // docs/guide.md lies outside Labs/: the Labs README does not pull it into the course.
        #expect(order == ["README.md", "Labs/README.md", "Labs/lab10.md", "Labs/lab02.md", "Labs/extra.md",
                          "docs/b.md", "./notes.md", "docs/a.md", "docs/guide.md"])
    }

    @Test func withoutAREADMETheOrderIsThePaths() {
        #expect(CourseOrder.arrange(["b/x.md", "a.md", "b/a.md", "c.md", "b/c/d.md"]) { _ in [] }
                == ["a.md", "c.md", "b/a.md", "b/x.md", "b/c/d.md"])
    }

    @Test func eachPageGetsTheSidebarWithItselfMarkedAndItsNeighbours() {
        let course = CourseNavigation(entries: [
            .init(path: "Labs/README.md", page: "Labs/README.html", title: "The course"),
            .init(path: "Labs/lab01.md", page: "Labs/lab01.html", title: "One <b>"),
            .init(path: "docs/x.md", page: "docs/x.html", title: "X"),
        ])
        let (sidebar, pager) = course.html(forPage: "Labs/lab01.html")
        #expect(sidebar.contains("<li><a href=\"lab01.html\" aria-current=\"page\">One &lt;b&gt;</a></li>"))
        #expect(sidebar.contains("<a href=\"../index.html\">All files</a>"))
        #expect(pager == "<nav class=\"pager\" aria-label=\"Previous and next\"><a rel=\"prev\" href=\"README.html\">← The course</a>"
                + "<a rel=\"next\" href=\"../docs/x.html\">X →</a></nav>\n")
        #expect(course.html(forPage: "Labs/README.html").pager.contains("rel=\"prev\"") == false)
        #expect(CourseNavigation(entries: [course.entries[0]]).html(forPage: "Labs/README.html") == ("", ""))
    }
}
