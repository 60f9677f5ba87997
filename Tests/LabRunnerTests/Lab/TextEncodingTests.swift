import Testing
@testable import LabRunner

/// A lab must be UTF-8 text: a bad byte or a NUL is an input error at its line and column,
/// with the byte offset (counted from the file's first byte, a byte order mark included).
struct TextEncodingTests {
    @Test(arguments: [
        (Array("# T\n\nline with bad ".utf8) + [0xFF] + Array(" byte\n".utf8),
         "lab.md:3:15: error: not valid UTF-8 at byte offset 19; save the lab as UTF-8"),
        // A byte order mark counts in the offset but not in the column.
        ([0xEF, 0xBB, 0xBF] + Array("ab".utf8) + [0xC3, 0x28],
         "lab.md:1:3: error: not valid UTF-8 at byte offset 5; save the lab as UTF-8"),
        // CRLF and lone CR end lines the way editors count them.
        (Array("a\r\nb\rcd".utf8) + [0xE2, 0x82],
         "lab.md:3:3: error: not valid UTF-8 at byte offset 7; save the lab as UTF-8"),
        // Multi-byte characters before it count as bytes, as compiler columns do.
        (Array("é日本".utf8) + [0x80], "lab.md:1:9: error: not valid UTF-8 at byte offset 8; save the lab as UTF-8"),
        (Array("```swift\nprint(\"a".utf8) + [0] + Array("b\")\n```\n".utf8),
         "lab.md:2:9: error: NUL byte at byte offset 17: a lab is text (a file saved as UTF-16 is full of them); remove it or save the lab as UTF-8"),
        // "# T\n" saved as UTF-16LE without a byte order mark is valid UTF-8, but full of NULs.
        (Array("# T\n".utf8).flatMap { [$0, 0] },
         "lab.md:1:2: error: NUL byte at byte offset 1: a lab is text (a file saved as UTF-16 is full of them); remove it or save the lab as UTF-8"),
        ([0], "lab.md:1:1: error: NUL byte at byte offset 0: a lab is text (a file saved as UTF-16 is full of them); remove it or save the lab as UTF-8"),
    ] as [([UInt8], String)])
    func badBytesAreLocated(bytes: [UInt8], message: String) {
        #expect(throws: LabError.self) { try LabParser.parse(bytes: bytes, path: "lab.md") }
        do {
            _ = try LabParser.parse(bytes: bytes, path: "lab.md")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func theExcerptShowsANULAsASymbolUnderTheCaret() {
        let bytes = Array("x = \"a".utf8) + [0] + Array("b\"\n".utf8)
        let location = SourceLocation(path: "lab.md", line: 1, column: 7)
        #expect(Excerpt(location, bytes: bytes)?.lines(style: .plain)
                == ["    x = \"a\u{2400}b\"", "          ^"])
    }
}
