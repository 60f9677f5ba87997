import Testing
@testable import LabRunner

/// Other leaf blocks that decide whether a fence-looking line is a fence: indented
/// code, HTML blocks, paragraphs (and their lazy continuation lines), headings.
struct LeafBlockTests {
    @Test(arguments: [
        ("    ```\n    a\n    ```\n", []),
        // Indented code cannot interrupt a paragraph: these lines are paragraph text.
        ("foo\n    ```\n    bar\n    ```\n", []),
        ("foo\n    ```\n```\nx\n```\n", ["x\n"]),
        // A fence ends indented code.
        ("    foo\n```\nbar\n```\n", ["bar\n"]),
        ("    foo\n\n    bar\n```\nbaz\n", ["baz\n"]),
        // Inside a list item, indentation counts from the item's content column.
        ("- a\n\n      ```\n      b\n", []),
        ("- a\n\n    ```\n    b\n", ["b\n"]),
        // Tabs count to the next multiple of 4 columns.
        ("\t```\n", []),
        (" \t```\n", []),
        ("   \t```\n", []),
        ("  ```\n\tx\n  ```\n", ["  x\n"]),
    ] as [(String, [String])])
    func indentedCode(markdown: String, expected: [String]) {
        #expect(fencedCodes(markdown) == expected)
    }

    @Test(arguments: [
        // 1: pre/script/style/textarea, until the closing tag (blank lines included).
        ("<pre>\n```\n\nx\n```\n</pre>\n", []),
        ("<script>\n```\n</SCRIPT>\n```\ny\n```\n", ["y\n"]),
        ("<style type=\"a\">\n```\n</style> tail\n```\nz\n", ["z\n"]),
        ("<textarea>\n```\n", []),
        ("<pre>x</pre>\n```\ny\n", ["y\n"]),
        // 2: comments, until "-->".
        ("<!--\n```\nx\n```\n-->\n", []),
        ("<!-- a -->\n```\nx\n```\n", ["x\n"]),
        ("<!--\n\n-->\n```\nx\n", ["x\n"]),
        // 3: processing instructions, until "?>".
        ("<?php\n```\n?>\n```\nz\n```\n", ["z\n"]),
        // 4: declarations, until ">".
        ("<!DOCTYPE html>\n```\nq\n```\n", ["q\n"]),
        ("<!DOCTYPE\n```\n>\n```\nq\n", ["q\n"]),
        // 5: CDATA, until "]]>".
        ("<![CDATA[\n```\n]]>\n```\nw\n```\n", ["w\n"]),
        // 6: block-level tags, until a blank line; they may interrupt a paragraph.
        ("<div>\n```\nx\n```\n</div>\n", []),
        ("<DIV CLASS=\"x\">\n```\n", []),
        ("</div>\n```\n", []),
        ("<div/>\n```\n", []),
        ("<div>\n\n```\nx\n```\n", ["x\n"]),
        ("para\n<div>\n```\nx\n```\n", []),
        ("<divx>\n```\nx\n```\n", []),
        // 7: any complete tag alone on its line, until a blank line …
        ("<custom-tag>\n```\nx\n```\n", []),
        ("<a href=\"x\" title='y' data-z=w checked>\n```\n", []),
        ("</custom-tag>\n```\n", []),
        ("<a/>\n```\n\n```\nx\n", ["x\n"]),
        // … but it cannot interrupt a paragraph, and text after the tag disqualifies it.
        ("para\n<custom-tag>\n```\nx\n```\n", ["x\n"]),
        ("<custom-tag> text\n```\nx\n```\n", ["x\n"]),
        ("<a href=\"x>\n```\nx\n```\n", ["x\n"]),
        ("<a b=>\n```\nx\n```\n", ["x\n"]),
        // … nor a paragraph it might lazily continue: "<custom>" is paragraph text.
        ("> a\n<custom>\n```\nx\n```\n", ["x\n"]),
        // A closing tag with a kind-1 name alone on its line is kind 7; "<pre/>" is not.
        ("</pre>\n```\nx\n```\n", []),
        ("<pre/>\n```\nx\n```\n", ["x\n"]),
        // HTML blocks end with their container.
        ("> <div>\n```\nx\n```\n", ["x\n"]),
        // 4+ columns of indentation: not HTML.
        ("    <div>\n```\nx\n```\n", ["x\n"]),
        // Not a tag at all.
        ("<3 cats\n```\nx\n```\n", ["x\n"]),
    ] as [(String, [String])])
    func htmlBlocks(markdown: String, expected: [String]) {
        #expect(fencedCodes(markdown) == expected)
    }

    @Test(arguments: [
        // A fence in a list item takes no lazy lines: "b" ends the item.
        ("- ```\n  a\nb\n", ["a\n"]),
        // A lazy paragraph line keeps the item open, so the fence sits in the item
        // (indent 0) rather than at top level (indent 2).
        ("- a\nb\n  ```\n  x\n  ```\n", ["x\n"]),
        // A lazy line keeps the quote open; an indented lazy line is paragraph text.
        ("> a\n    ```\n> ```\n> y\n> ```\n", ["y\n"]),
        // A fence line is never lazy: it starts a block outside the quote.
        ("> foo\n```\n", [""]),
        // Setext underline ends the paragraph: the indented line is code.
        ("Foo\n===\n    ```\n```\nx\n", ["x\n"]),
        ("Foo\n---\n```\nx\n```\n", ["x\n"]),
    ] as [(String, [String])])
    func paragraphsAndLaziness(markdown: String, expected: [String]) {
        #expect(fencedCodes(markdown) == expected)
    }

    @Test func lazyLineKeepsItemOpen() {
        let blocks = fencedBlocks("- a\nb\n  ```\n  x\n  ```\n")
        #expect(blocks.map(\.fenceIndent) == [0])
        #expect(blocks.map(\.containerPrefix) == ["  "])
        let topLevel = fencedBlocks("- a\n\nb\n  ```\n  x\n  ```\n")
        #expect(topLevel.map(\.fenceIndent) == [2])
    }

    @Test func setextHeadingInsideItem() {
        // "---" under an item's paragraph is a heading underline, not a thematic
        // break, so the list goes on and the fence is in the item.
        let blocks = fencedBlocks("- Foo\n  ---\n  ```\n  x\n  ```\n")
        #expect(blocks.map(\.code) == ["x\n"])
        #expect(blocks.map(\.fenceIndent) == [0])
    }
}
