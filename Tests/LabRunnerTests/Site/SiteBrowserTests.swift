import Foundation
import Testing
@testable import LabRunner

/// The site's links as a reader follows them, in headless Chromium: a heading's link brings its
/// heading to the top of the window, a `.md` link between two labs opens the other lab's page,
/// and code blocks have their copy button. Skipped, saying so, without `chromium`.
@Suite(.enabled(if: Chromium.isAvailable, "headless Chromium (`chromium`) is not installed: see README"))
struct SiteBrowserTests {
    /// Two labs written as a site; the first long enough that its last heading must be scrolled to.
    static func site(in folder: String) throws {
        let filler = (1...60).map { "Paragraph \($0) of the introduction, long enough to fill the window." }.joined(separator: "\n\n")
        let one = "# One\n\n[Go to the second lab](lab02.md#second-part)\n\n## First part\n\n\(filler)\n\n## A complete example\n\n```swift\nprint(1)\n```\n\n\(filler)\n"
        let two = "# Two\n\n## Second part\n\nThe end.\n"
        let files = [("Labs/lab01.md", one), ("Labs/lab02.md", two)].map { path, text in
            FileReport(path: path, content: .lab(title: nil, parts: [], document: Array(text.utf8)), duration: nil, update: nil)
        }
        let writer = SiteWriter(directory: folder, labs: files.map(\.path))
        #expect(writer.write(RunReport(files: files, appleAvailable: false)).failure == nil)
    }

    @Test func aHeadingLinkScrollsToItsHeadingAndAMarkdownLinkOpensTheOtherLab() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.site(in: folder + "/site")
        // The site is rooted at the labs' folder (issue 35).
        let url = URL(fileURLWithPath: folder + "/site/lab01.html").absoluteString
        let page = try #require(try DevToolsPage(url: url), "Chromium did not open the page")
        defer { page.stop() }
        // Waits for the page itself (the browser's first document may be a blank one, already complete).
        #expect(await pollUntil(timeout: 30) { page.evaluate("document.querySelectorAll('pre.code .copy').length").contains("\"value\":1") })
        // The heading starts below the fold; its own link brings it to the top of the window.
        let where_ = "(() => { const h = document.getElementById('a-complete-example'); return location.hash + ' '"
            + " + (document.querySelector(':target') === h) + ' ' + (Math.abs(h.getBoundingClientRect().top) < 40); })()"
        #expect(page.evaluate(where_).contains("\"value\":\" false false\""))
        _ = page.evaluate("document.querySelector('#a-complete-example > a.anchor').click()")
        #expect(await pollUntil(timeout: 10) { page.evaluate(where_).contains("\"value\":\"#a-complete-example true true\"") },
                "\(page.evaluate(where_))")

        _ = page.evaluate("document.querySelector('main a[href^=\"lab02\"]').click()")
        let arrived = "location.pathname.split('/').pop() + location.hash + ' ' + document.title + ' ' + (document.querySelector(':target') || {}).id"
        #expect(await pollUntil(timeout: 10) { page.evaluate(arrived).contains("\"value\":\"lab02.html#second-part Labs/lab02.md second-part\"") },
                "\(page.evaluate(arrived))")
    }
}
