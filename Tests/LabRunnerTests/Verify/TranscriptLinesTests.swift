import Testing
@testable import LabRunner

struct TranscriptLinesTests {
    @Test(arguments: [
        ("", [String]()),
        ("\n", []),
        (" \t\r\n\n  \n", []),
        ("a", ["a"]),
        ("a\n", ["a"]),
        ("a\n\n\n", ["a"]),
        ("a  \t\r\nb\r\n", ["a", "b"]),
        ("\n\na\n", ["", "", "a"]),
        ("a\n\nb", ["a", "", "b"]),
        ("  indented", ["  indented"]),
        // Control characters inside a line are shown as their control pictures (the escaped form).
        ("a\rb \n", ["a␍b"]),
        ("\u{1B}[1m\u{0}\tx\u{7F}\r\n", ["␛[1m␀\tx␡"]),
        ("é ü\n", ["é ü"]),
    ])
    func splitsTrimsAndDropsTrailingBlankLines(text: String, lines: [String]) {
        #expect(TranscriptLines(text).lines == lines)
    }

    @Test(arguments: [
        ("", ""),
        ("  \n\n", ""),
        ("a", "a\n"),
        ("a \nb\t\n\n", "a\nb\n"),
    ])
    func normalizedText(text: String, normalized: String) {
        #expect(TranscriptLines(text).normalized == normalized)
    }
}
