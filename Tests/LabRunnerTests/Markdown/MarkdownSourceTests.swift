import Testing
@testable import LabRunner

/// Line splitting: the three CommonMark line endings, BOM, final line handling.
struct MarkdownSourceTests {
    @Test(arguments: [
        ("", []),
        ("a", [SourceLine(start: 0, contentEnd: 1, end: 1)]),
        ("a\n", [SourceLine(start: 0, contentEnd: 1, end: 2)]),
        ("a\nbc", [SourceLine(start: 0, contentEnd: 1, end: 2), SourceLine(start: 2, contentEnd: 4, end: 4)]),
        ("\n\n", [SourceLine(start: 0, contentEnd: 0, end: 1), SourceLine(start: 1, contentEnd: 1, end: 2)]),
        ("a\r\nb\r\n", [SourceLine(start: 0, contentEnd: 1, end: 3), SourceLine(start: 3, contentEnd: 4, end: 6)]),
        ("a\rb\r", [SourceLine(start: 0, contentEnd: 1, end: 2), SourceLine(start: 2, contentEnd: 3, end: 4)]),
        // "\r\r\n" is a lone CR, then a CRLF: two empty lines.
        ("\r\r\n", [SourceLine(start: 0, contentEnd: 0, end: 1), SourceLine(start: 1, contentEnd: 1, end: 3)]),
        ("\n\rx", [SourceLine(start: 0, contentEnd: 0, end: 1), SourceLine(start: 1, contentEnd: 1, end: 2),
                   SourceLine(start: 2, contentEnd: 3, end: 3)]),
        // The BOM is counted in offsets but is not part of line 1.
        ("\u{FEFF}", []),
        ("\u{FEFF}x\n", [SourceLine(start: 3, contentEnd: 4, end: 5)]),
        // A BOM anywhere else is ordinary content.
        ("x\n\u{FEFF}", [SourceLine(start: 0, contentEnd: 1, end: 2), SourceLine(start: 2, contentEnd: 5, end: 5)]),
    ] as [(String, [SourceLine])])
    func splitsLines(text: String, expected: [SourceLine]) {
        #expect(MarkdownSource(text: text).lines == expected)
    }

    @Test func bytesInitializerKeepsBytes() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF, 0x61, 0x0D, 0x0A]
        let source = MarkdownSource(bytes: bytes)
        #expect(source.bytes == bytes)
        #expect(source.lines == [SourceLine(start: 3, contentEnd: 4, end: 6)])
    }

    /// Line and byte column of one byte, for errors about a bad byte.
    @Test(arguments: [
        ("abc", 2, 1, 3),
        ("a\nbc", 3, 2, 2),
        ("a\r\nb\rcd", 6, 3, 2),
        ("\u{FEFF}xy", 4, 1, 2),
        ("é\nx", 3, 2, 1),
    ] as [(String, Int, Int, Int)])
    func locatesAByte(text: String, offset: Int, line: Int, column: Int) {
        let found = MarkdownSource(text: text).lineAndColumn(ofByte: offset)
        #expect(found.line == line && found.column == column)
    }
}
