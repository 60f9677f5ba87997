import Foundation
import Testing
@testable import LabRunner

/// `.md` links made links to the site's pages, and everything else (hostile links above all)
/// left exactly as written, for the URL filter to judge.
struct SiteLinksTests {
    static let site = SiteLinks(pages: [
        "Labs/README.md": "Labs/README.html", "Labs/lab01.md": "Labs/lab01.html", "./Labs/lab 02.md": "Labs/lab 02.html",
        "docs/guide.md": "docs/guide.html", "README.md": "README.html", "javascript:x.md": "javascript:x.html",
    ])

    @Test(arguments: [
        ("lab01.md", "Labs/README.md", SiteLinks.Target.page("lab01.html")),
        ("lab01.md#a-complete-example", "Labs/README.md", .page("lab01.html#a-complete-example")),
        ("./lab%2002.md?plain=1#setup", "Labs/README.md", .page("lab%2002.html#setup")),
        ("../docs/guide.md", "Labs/lab01.md", .page("../docs/guide.html")),
        ("Labs/README.MD", "README.md", .notInSite("Labs/README.MD")),
        ("Labs/README.md", "README.md", .page("Labs/README.html")),
        ("../README.md#top", "./Labs/lab01.md", .page("../README.html#top")),
        ("README.md", "README.md", .page("README.html")),
        ("../javascript:x.md", "Labs/lab01.md", .page("../javascript:x.html")),
        ("javascript:x.md", "README.md", .unchanged),
        ("./javascript:x.md", "README.md", .page("./javascript:x.html")),
        ("missing.md", "Labs/lab01.md", .notInSite("Labs/missing.md")),
        ("../../etc/passwd.md", "Labs/lab01.md", .notInSite("../etc/passwd.md")),
    ])
    func markdownLinksLeadToTheirPages(_ destination: String, _ source: String, _ expected: SiteLinks.Target) {
        #expect(Self.site.target(of: destination, from: source) == expected)
    }

    @Test(arguments: [
        "javascript:alert(1)//lab01.md", "JaVaScRiPt:alert(1);lab01.md", "//evil.example/lab01.md", "/etc/lab01.md",
        "https://example.com/lab01.md", "data:text/html,lab01.md", "lab01.html", "#lab01.md", "lab01.md\\..\\x.md",
        " lab01.md", "\tjavascript:lab01.md", "img/flow.png", "?q=lab01.md",
    ])
    func anythingElseIsLeftAsWritten(_ destination: String) {
        #expect(Self.site.target(of: destination, from: "Labs/README.md") == .unchanged)
        #expect(Self.site.href(for: destination, from: "Labs/README.md") == destination)
    }

    /// A link written as raw HTML leads to the page as a Markdown link does: before, `<a
    /// href="lab01.md">` stayed `.md`, a file the site does not have. Inline and in an HTML
    /// block; the filter still drops a scheme, and an image's `src` is never a page.
    @Test func rawHTMLLinksLeadToTheirPagesToo() {
        let document = "# Course\n\nSee <a href=\"lab01.md#setup\" title=\"one\">lab one</a> and "
            + "<a href=\"javascript:alert(1)//lab01.md\">x</a>.\n\n<p><a href='../docs/guide.md'>guide</a> <img src=\"lab01.md\" alt=\"\"></p>\n"
        let file = FileReport(path: "Labs/README.md", content: .lab(title: nil, parts: [], document: Array(document.utf8)), duration: nil, update: nil)
        let html = NotebookPage(file: file, indexLink: "../index.html", site: Self.site).html()
        #expect(html.contains("See <a href=\"lab01.html#setup\" title=\"one\">lab one</a> and <a>x</a>."), "\(html)")
        #expect(html.contains("<p><a href=\"../docs/guide.html\">guide</a> <img src=\"lab01.md\" alt=\"\"></p>"), "\(html)")
        #expect(NotebookSite.unlinkedMarkdown(in: html, from: file.path, site: Self.site) == [])
    }

    @Test func thePageWritesTheRewrittenLinkAndTheFilterStillDropsSchemes() {
        let document = "# Course\n\n[one](lab01.md#setup) [guide][g] [x](javascript:alert(1)//lab01.md) [e](../../etc/x.md)\n\n[g]: ../docs/guide.md\n"
        let file = FileReport(path: "Labs/README.md", content: .lab(title: nil, parts: [], document: Array(document.utf8)), duration: nil, update: nil)
        let html = NotebookPage(file: file, indexLink: "../index.html", site: Self.site).html()
        #expect(html.contains("<a href=\"lab01.html#setup\">one</a> <a href=\"../docs/guide.html\">guide</a> <a>x</a> <a href=\"../../etc/x.md\">e</a>"))
        #expect(NotebookSite.unlinkedMarkdown(in: html, from: file.path, site: Self.site)
                == ["Labs/README.md: the link to ../../etc/x.md is left as written: ../etc/x.md does not exist"])
    }
}
