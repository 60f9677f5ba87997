import Foundation
import Testing
@testable import LabRunner

/// The highlighter's colours as a reader sees them: a page with Swift's concurrency words, opened
/// in headless Chromium, where `await`, `actor` and `@MainActor` have a computed colour other
/// than the code's plain text (issue 24 measured 0 of 144 `await`s coloured). Skipped, saying
/// so, without `chromium` (`.ci/run` installs it).
@Suite(.enabled(if: Chromium.isAvailable, "headless Chromium (`chromium`) is not installed: see README"))
struct HighlightBrowserTests {
    @Test func concurrencyWordsAndAttributesAreColouredOnTheRenderedPage() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lab = """
        # Actors

        ```swift
        @MainActor final class Screen {}
        actor Bank {
            func balance() async -> Int { await total() }
        }
        ```

        """
        let file = FileReport(path: "actors.md", content: .lab(title: "Actors", parts: [], document: Array(lab.utf8)), duration: nil, update: nil)
        try NotebookPage(file: file, indexLink: "index.html").html().write(toFile: folder + "/actors.html", atomically: true, encoding: .utf8)

        let page = try #require(try DevToolsPage(url: URL(fileURLWithPath: folder + "/actors.html").absoluteString),
                                "Chromium did not open the page")
        defer { page.stop() }
        // The tab starts on about:blank, which is already `complete`: wait for the page itself.
        let loaded = "location.href.endsWith('actors.html') && document.readyState === 'complete'"
        #expect(await pollUntil(timeout: 30) { page.evaluate(loaded).contains("\"value\":true") })
        // Each word's colour and the colour of the code around it, as one line the test reads.
        let script = """
        (() => { const code = document.querySelector('pre.code code'); const plain = getComputedStyle(code).color;
        const spans = [...code.querySelectorAll('span')];
        return ['await', 'actor', '@MainActor'].map((word) => { const span = spans.find((s) => s.textContent === word);
        return word + '=' + (span ? (getComputedStyle(span).color === plain ? 'plain' : 'coloured') : 'missing'); }).join(' '); })()
        """
        let reply = page.evaluate(script)
        #expect(reply.contains("\"value\":\"await=coloured actor=coloured @MainActor=coloured\""), "\(reply)")
    }
}
