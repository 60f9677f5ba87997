import Foundation
import Testing
@testable import LabRunner

/// Byte offsets: `contentRange`, `blockRange`, `textStart`, line numbers, for every
/// line ending, a BOM, a missing final newline, and each way a block can end.
struct OffsetTests {
    /// Everything about one block, compared at once so a failure shows all fields.
    struct Expected: Sendable, CustomTestStringConvertible {
        let markdown: String
        let code: String
        let openingLine: Int
        let closingLine: Int?
        let contentRange: Range<Int>
        let blockRange: Range<Int>
        let contentLines: [ContentLine]
        let prefix: String
        var testDescription: String { String(reflecting: markdown) }
    }

    @Test(arguments: [
        // Top level, closed.
        Expected(markdown: "```\nab\n```\n", code: "ab\n", openingLine: 1, closingLine: 3,
                 contentRange: 4..<7, blockRange: 0..<11,
                 contentLines: [ContentLine(line: 2, textStart: 4)], prefix: ""),
        // No final newline after the closing fence.
        Expected(markdown: "```\nab\n```", code: "ab\n", openingLine: 1, closingLine: 3,
                 contentRange: 4..<7, blockRange: 0..<10,
                 contentLines: [ContentLine(line: 2, textStart: 4)], prefix: ""),
        // Unclosed, no final newline: the content ends at the end of the file.
        Expected(markdown: "```\nab", code: "ab\n", openingLine: 1, closingLine: nil,
                 contentRange: 4..<6, blockRange: 0..<6,
                 contentLines: [ContentLine(line: 2, textStart: 4)], prefix: ""),
        // Only an opening fence.
        Expected(markdown: "```", code: "", openingLine: 1, closingLine: nil,
                 contentRange: 3..<3, blockRange: 0..<3, contentLines: [], prefix: ""),
        Expected(markdown: "x\n```\n", code: "", openingLine: 2, closingLine: nil,
                 contentRange: 6..<6, blockRange: 2..<6, contentLines: [], prefix: ""),
        // Empty but closed.
        Expected(markdown: "```\n```\n", code: "", openingLine: 1, closingLine: 2,
                 contentRange: 4..<4, blockRange: 0..<8, contentLines: [], prefix: ""),
        // CRLF: code uses "\n", ranges cover the raw "\r\n".
        Expected(markdown: "```swift\r\nlet a = 1\r\n\r\n```\r\n", code: "let a = 1\n\n", openingLine: 1, closingLine: 4,
                 contentRange: 10..<23, blockRange: 0..<28,
                 contentLines: [ContentLine(line: 2, textStart: 10), ContentLine(line: 3, textStart: 21)], prefix: ""),
        // Lone CR.
        Expected(markdown: "```\rx\r```\r", code: "x\n", openingLine: 1, closingLine: 3,
                 contentRange: 4..<6, blockRange: 0..<10,
                 contentLines: [ContentLine(line: 2, textStart: 4)], prefix: ""),
        // BOM: counted in offsets, not part of line 1.
        Expected(markdown: "\u{FEFF}```\nx\n```\n", code: "x\n", openingLine: 1, closingLine: 3,
                 contentRange: 7..<9, blockRange: 3..<13,
                 contentLines: [ContentLine(line: 2, textStart: 7)], prefix: ""),
        // Fence indentation is removed from textStart (up to fenceIndent columns).
        Expected(markdown: "  ```\n    a\n b\n  ```\n", code: "  a\nb\n", openingLine: 1, closingLine: 4,
                 contentRange: 6..<15, blockRange: 0..<21,
                 contentLines: [ContentLine(line: 2, textStart: 8), ContentLine(line: 3, textStart: 13)], prefix: "  "),
        // Block quote, closed.
        Expected(markdown: "> ```\n> a\n>b\n> ```\n", code: "a\nb\n", openingLine: 1, closingLine: 4,
                 contentRange: 6..<13, blockRange: 0..<19,
                 contentLines: [ContentLine(line: 2, textStart: 8), ContentLine(line: 3, textStart: 11)], prefix: "> "),
        // Block quote, unclosed: ends with the quote (last content line included).
        Expected(markdown: "> ```\n> a\n>\nafter\n", code: "a\n\n", openingLine: 1, closingLine: nil,
                 contentRange: 6..<12, blockRange: 0..<12,
                 contentLines: [ContentLine(line: 2, textStart: 8), ContentLine(line: 3, textStart: 11)], prefix: "> "),
        // List item, closed; the blank line inside is content.
        Expected(markdown: "1. ```\n   a\n\n   ```\n", code: "a\n\n", openingLine: 1, closingLine: 4,
                 contentRange: 7..<13, blockRange: 0..<20,
                 contentLines: [ContentLine(line: 2, textStart: 10), ContentLine(line: 3, textStart: 12)], prefix: "   "),
        // List item, unclosed: ends with the item.
        Expected(markdown: "- ```\n  a\n- b\n", code: "a\n", openingLine: 1, closingLine: nil,
                 contentRange: 6..<10, blockRange: 0..<10,
                 contentLines: [ContentLine(line: 2, textStart: 8)], prefix: "  "),
        // List in a quote.
        Expected(markdown: "> - a\n>   ```\n>   b\n>   ```\n", code: "b\n", openingLine: 2, closingLine: 4,
                 contentRange: 14..<20, blockRange: 6..<28,
                 contentLines: [ContentLine(line: 3, textStart: 18)], prefix: ">   "),
        // List in a quote, unclosed at the end of the document without a newline.
        Expected(markdown: "> - ```\n>   b", code: "b\n", openingLine: 1, closingLine: nil,
                 contentRange: 8..<13, blockRange: 0..<13,
                 contentLines: [ContentLine(line: 2, textStart: 12)], prefix: ">   "),
        // A partly consumed tab: its remaining columns become spaces in code, and
        // textStart points at the tab.
        Expected(markdown: ">  ```\n>\tx\n", code: " x\n", openingLine: 1, closingLine: nil,
                 contentRange: 7..<11, blockRange: 0..<11,
                 contentLines: [ContentLine(line: 2, textStart: 8)], prefix: ">  "),
        Expected(markdown: "- ```\n\tb\n", code: "  b\n", openingLine: 1, closingLine: nil,
                 contentRange: 6..<9, blockRange: 0..<9,
                 contentLines: [ContentLine(line: 2, textStart: 6)], prefix: "  "),
        // A tab fully consumed by the indentation is skipped; a second one is code.
        Expected(markdown: ">\t```\n>\t\tx\n", code: "\tx\n", openingLine: 1, closingLine: nil,
                 contentRange: 6..<11, blockRange: 0..<11,
                 contentLines: [ContentLine(line: 2, textStart: 8)], prefix: ">   "),
        // Multi-byte UTF-8 content is copied as is.
        Expected(markdown: "```\nlet é = \"ü\"\n```\n", code: "let é = \"ü\"\n", openingLine: 1, closingLine: 3,
                 contentRange: 4..<18, blockRange: 0..<22,
                 contentLines: [ContentLine(line: 2, textStart: 4)], prefix: ""),
    ])
    func offsets(expected: Expected) throws {
        let blocks = fencedBlocks(expected.markdown)
        try #require(blocks.count == 1)
        let block = blocks[0]
        #expect(block.code == expected.code)
        #expect(block.openingLine == expected.openingLine)
        #expect(block.closingLine == expected.closingLine)
        #expect(block.contentRange == expected.contentRange)
        #expect(block.blockRange == expected.blockRange)
        #expect(block.contentLines == expected.contentLines)
        #expect(block.containerPrefix == expected.prefix)
    }

    /// At top level without tabs, the raw content bytes are the code (modulo line
    /// endings), and every textStart is its line's start.
    @Test(arguments: ["```\na\n  b\n```\n", "~~~\r\nx\r\ny\r\n~~~", "```\rp\r\rq\r"])
    func rawContentMatchesCode(markdown: String) throws {
        let source = MarkdownSource(text: markdown)
        let block = try #require(MarkdownParser.fencedBlocks(in: source).first)
        let raw = markdownSlice(markdown, block.contentRange)
        let normalized = raw.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        #expect(normalized == block.code)
        #expect(block.contentLines.map(\.textStart) == block.contentLines.map { source.lines[$0.line - 1].start })
    }

    /// Replacing `contentRange` with new lines that start with `containerPrefix`
    /// yields a document whose block has exactly the new code.
    @Test(arguments: ["> - a\n>   ```swift\n>   old\n>   ```\n", "1. ```\n   old\n   more\n", "```\nold\n```"])
    func rewriteRoundTrip(markdown: String) throws {
        let block = try #require(fencedBlocks(markdown).first)
        var bytes = Array(markdown.utf8)
        let replacement = ["let x = 1", "", "print(x)"].map { block.containerPrefix + $0 + "\n" }.joined()
        bytes.replaceSubrange(block.contentRange, with: Array(replacement.utf8))
        let rewritten = MarkdownParser.fencedBlocks(in: MarkdownSource(bytes: bytes))
        #expect(rewritten.map(\.code) == ["let x = 1\n\nprint(x)\n"])
        #expect(rewritten.first?.closingLine == block.closingLine.map { $0 - block.contentLines.count + 3 })
    }

    @Test func noBlocks() {
        #expect(fencedBlocks("").isEmpty)
        #expect(fencedBlocks("\u{FEFF}").isEmpty)
        #expect(fencedBlocks("just text\n\n    indented\n").isEmpty)
    }
}
