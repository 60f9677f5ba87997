import Testing
@testable import LabRunner

/// Prose an attacker shapes to exhaust the renderer (issue 38, points 5 and 7): deep nesting
/// that overflowed the stack, and runs that made the inline pass quadratic. Each must render,
/// and what it renders is bounded as the docs say.
struct HostileProseTests {
    private static func count(_ needle: String, in haystack: String) -> Int {
        haystack.components(separatedBy: needle).count - 1
    }

    /// One 20 KB line of 10,000 `>` (or `- `) killed `html` with signal 11 in the block tree
    /// builder. Containers nest up to `BlockStructureParser.maximumNesting`; deeper markers are
    /// the innermost paragraph's text.
    @Test(arguments: [("> ", "<blockquote>"), ("- ", "<li>"), ("1. ", "<li>")])
    func tenThousandNestedContainersRenderBounded(_ marker: String, _ tag: String) {
        let line = String(repeating: marker, count: 10_000) + "x\n"
        let html = MarkdownHTMLTests.html(line)
        #expect(Self.count(tag, in: html) == BlockStructureParser.maximumNesting)
        #expect(html.contains(HTMLEscaping.text(String(repeating: marker, count: 3))))
    }

    /// Lines each one level deeper nest just as far.
    @Test func linesEachDeeperRenderBounded() {
        let text = (1...300).map { String(repeating: ">", count: $0) + " x" }.joined(separator: "\n")
        let html = MarkdownHTMLTests.html(text)
        #expect(Self.count("<blockquote>", in: html) == BlockStructureParser.maximumNesting)
    }

    /// Nesting up to the bound is CommonMark's.
    @Test func nestingUpToTheBoundIsCommonMarks() {
        let depth = BlockStructureParser.maximumNesting
        let html = MarkdownHTMLTests.html(String(repeating: "> ", count: depth) + "x\n")
        #expect(html == String(repeating: "<blockquote>\n", count: depth) + "<p>x</p>\n"
            + String(repeating: "</blockquote>\n", count: depth))
    }

    /// 10,000 nested link labels recursed once per level in the inline renderer.
    @Test func tenThousandNestedLinkLabelsRender() {
        let text = String(repeating: "[", count: 10_000) + "a" + String(repeating: "](u)", count: 10_000) + "\n"
        let html = MarkdownHTMLTests.html(text)
        #expect(html.hasPrefix("<p>"))
        #expect(Self.count("<a href", in: html) <= MarkdownInlines.maximumLinkNesting)
    }

    /// A line of `[a](` repeated took 1 s at 16 KB and 32 s at 80 KB: each `[` followed its
    /// destination's `(`s to the end of the line. 64 KB now renders as text in under a second of
    /// a debug build (a quadratic pass would take minutes); docs/performance.md has the times.
    @Test func openLinksRenderAsText() {
        let line = String(repeating: "[a](", count: 1 << 14)
        #expect(MarkdownHTMLTests.html(line + "\n") == "<p>" + line + "</p>\n")
    }

    /// The 1 MB of `[a](`: about 14 s of CPU in a debug build, linear but heavy, so it
    /// runs from `bench/large-inputs.sh` (which sets `LABRUNNER_BENCH`), not in every `swift test`.
    @Test(.enabled(if: LargeInputEndToEndTests.benchmarking, "14 s of a debug build's CPU: bench/large-inputs.sh runs it"))
    func oneMegabyteOfOpenLinksRendersAsText() {
        let line = String(repeating: "[a](", count: 1 << 18)
        #expect(MarkdownHTMLTests.html(line + "\n") == "<p>" + line + "</p>\n")
    }
}
