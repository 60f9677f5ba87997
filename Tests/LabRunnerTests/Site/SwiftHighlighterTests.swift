import Testing
@testable import LabRunner

struct SwiftHighlighterTests {
    @Test func keywordsTypesStringsNumbersAndCommentsGetTheirClasses() {
        let lines = SwiftHighlighter.lines("let x: Int = 42 // answer\nprint(\"a<b\")\n")
        #expect(lines == [
            "<span class=\"k\">let</span> x: <span class=\"t\">Int</span> = <span class=\"n\">42</span> <span class=\"c\">// answer</span>",
            "print(<span class=\"s\">&quot;a&lt;b&quot;</span>)",
        ])
    }

    @Test func aTokenOverSeveralLinesIsClosedOnEachLine() {
        let lines = SwiftHighlighter.lines("/* a\nb */ #if canImport\n")
        #expect(lines == ["<span class=\"c\">/* a</span>", "<span class=\"c\">b */</span> <span class=\"d\">#if</span> canImport"])
    }
}
