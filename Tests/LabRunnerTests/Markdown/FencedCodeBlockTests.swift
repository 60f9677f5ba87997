import Testing
@testable import LabRunner

/// The fence rules themselves, at top level: opening, closing, indentation, info strings.
struct FencedCodeBlockTests {
    @Test(arguments: [
        // Backticks and tildes, 3 or more.
        ("```\n<\n >\n```\n", ["<\n >\n"]),
        ("~~~\n<\n >\n~~~\n", ["<\n >\n"]),
        ("``\nfoo\n``\n", []),
        // The closing fence must use the same character and be at least as long.
        ("```\naaa\n~~~\n```\n", ["aaa\n~~~\n"]),
        ("~~~\naaa\n```\n~~~\n", ["aaa\n```\n"]),
        ("````\naaa\n```\n``````\n", ["aaa\n```\n"]),
        ("~~~~\naaa\n~~~\n~~~~\n", ["aaa\n~~~\n"]),
        // Unclosed: runs to the end of the document.
        ("```\n", [""]),
        ("`````\n\n```\naaa\n", ["\n```\naaa\n"]),
        // Blank and whitespace-only content lines are kept.
        ("```\n\n  \n```\n", ["\n  \n"]),
        ("```\n```\n", [""]),
        // Content loses up to fenceIndent columns of indentation.
        (" ```\n aaa\naaa\n```\n", ["aaa\naaa\n"]),
        ("  ```\naaa\n  aaa\naaa\n  ```\n", ["aaa\naaa\naaa\n"]),
        ("   ```\n   aaa\n    aaa\n  aaa\n   ```\n", ["aaa\n aaa\naaa\n"]),
        // 4 columns of indentation make indented code, not a fence.
        ("    ```\n    aaa\n    ```\n", []),
        // Closing fences may be indented up to 3 columns, whatever the opening's indent.
        ("```\naaa\n  ```\n", ["aaa\n"]),
        ("   ```\naaa\n  ```\n", ["aaa\n"]),
        ("```\naaa\n    ```\n", ["aaa\n    ```\n"]),
        // Only spaces and tabs may follow a closing fence.
        ("~~~~~~\naaa\n~~~ ~~\n", ["aaa\n~~~ ~~\n"]),
        ("```\n``` aaa\n```\n", ["``` aaa\n"]),
        ("```\nx\n```  \t\n", ["x\n"]),
        // A backtick fence's info string cannot contain a backtick (a tilde's can).
        ("``` ```\naaa\n", []),
        ("``` aa `\nfoo\n```\n", [""]),
        ("~~~ aa ``` ~~~\nfoo\n~~~\n", ["foo\n"]),
        // A fence interrupts a paragraph; so does a closed heading before it.
        ("foo\n```\nbar\n```\nbaz\n", ["bar\n"]),
        ("foo\n---\n~~~\nbar\n~~~\n# baz\n", ["bar\n"]),
        ("# h\n```\nx\n```\n", ["x\n"]),
        // Several blocks in document order.
        ("```\na\n```\ntext\n~~~\nb\n~~~\n```\nc\n", ["a\n", "b\n", "c\n"]),
    ] as [(String, [String])])
    func codeOfEachBlock(markdown: String, expected: [String]) {
        #expect(fencedCodes(markdown) == expected)
    }

    @Test(arguments: [
        ("```swift\n```\n", "swift"),
        ("```   swift   \n```\n", "swift"),
        ("```\tswift\t\n```\n", "swift"),
        ("~~~~    ruby startline=3 $%@#$\n~~~~\n", "ruby startline=3 $%@#$"),
        ("````;\n````\n", ";"),
        ("~~~ aa ``` ~~~\n~~~\n", "aa ``` ~~~"),
        // Backslash escapes of ASCII punctuation are decoded, others kept.
        ("~~~ a\\$b\\a\\\\c\n~~~\n", "a$b\\a\\c"),
        ("```sw\\{ift\n```\n", "sw{ift"),
        // Entity references may stay as written.
        ("```f&ouml;o\n```\n", "f&ouml;o"),
        ("```\n```\n", ""),
    ] as [(String, String)])
    func infoString(markdown: String, expected: String) {
        #expect(fencedBlocks(markdown).map(\.info) == [expected])
    }

    @Test func fenceFields() throws {
        let block = try #require(fencedBlocks("text\n  ~~~~~ swift\n  let x = 1\n  ~~~~~~\nafter\n").first)
        #expect(block.fenceCharacter == UInt8(ascii: "~"))
        #expect(block.fenceLength == 5)
        #expect(block.fenceIndent == 2)
        #expect(block.openingLine == 2)
        #expect(block.closingLine == 4)
        #expect(block.info == "swift")
        #expect(block.code == "let x = 1\n")
        #expect(block.containerPrefix == "  ")
        #expect(block.contentLines == [ContentLine(line: 3, textStart: 21)])
    }

    @Test func backtickFenceFields() throws {
        let block = try #require(fencedBlocks("```\n").first)
        #expect(block.fenceCharacter == UInt8(ascii: "`"))
        #expect(block.fenceLength == 3)
        #expect(block.fenceIndent == 0)
        #expect(block.closingLine == nil)
        #expect(block.contentLines == [])
    }
}
