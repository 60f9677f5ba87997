import Testing
@testable import LabRunner

/// Page names and the links to them: every lab its own page, whatever order the labs come in,
/// and every link a relative path.
struct NotebookSiteTests {
    @Test func everyLabGetsItsOwnPageWhateverTheOrder() {
        let labs = ["a.md", "a.markdown", "A.md", "index.md", "index_.md", "index_.md.md", "b/c.md", "b/c.txt", "b/c.md.txt"]
        let pages = NotebookSite.pagePaths(for: labs)
        #expect(pages == NotebookSite.pagePaths(for: labs.reversed()))
        #expect(Set(pages.values.map { $0.lowercased() }).count == labs.count)
        #expect(!pages.values.contains("index.html"))
        #expect(pages["index.md"] == "index_.html")
        #expect(pages["b/c.md"] == "b/c.html")
        #expect(pages["b/c.txt"] == "b/c.txt.html")
        #expect(pages["b/c.md.txt"] == "b/c.md.html")
    }

    @Test(arguments: [
        ("Labs/lab01.html", "Labs/lab01.html"),
        ("javascript:alert(1);x.html", "./javascript:alert(1);x.html"),
        ("sub/mailto:x.html", "sub/mailto:x.html"),
        ("a b#c?d%e.html", "a%20b%23c%3Fd%25e.html"),
        ("é\"<.html", "%C3%A9%22%3C.html"),
    ])
    func linksAreRelativePaths(_ page: String, _ link: String) {
        #expect(NotebookSite.link(to: page) == link)
    }
}
