import Testing
@testable import LabRunner

/// Fences inside block quotes and list items: where they end, what their content
/// loses, and what a new content line must start with.
struct ContainerTests {
    @Test(arguments: [
        ("> ```\n> aaa\n> ```\n", ["aaa\n"]),
        // The optional space after ">" belongs to the marker; a second one is content.
        ("> ```\n>  a\n> ```\n", [" a\n"]),
        (">```\n>a\n>```\n", ["a\n"]),
        ("> ```\n>\n> ```\n", ["\n"]),
        // A line without ">" is not a lazy continuation of code: the quote, and with
        // it the fence, ends; "```" then opens a second, unclosed block.
        ("> ```\nfoo\n```\n", ["", ""]),
        ("> ```\n> aaa\n\nbbb\n", ["aaa\n"]),
        ("> ```\n> a\n\n> b\n> ```\n", ["a\n", ""]),
        // Up to 3 columns before ">".
        ("   > ```\n   > a\n", ["a\n"]),
        ("    > ```\n", []),
        // Nested quotes: losing the inner ">" closes the inner fence; the outer quote
        // continues and "```" opens a block there.
        ("> > ```\n> > x\n> ```\n", ["x\n", ""]),
        // ">" inside a fence is content.
        ("```\n> not a quote\n```\n", ["> not a quote\n"]),
    ] as [(String, [String])])
    func blockQuotes(markdown: String, expected: [String]) {
        #expect(fencedCodes(markdown) == expected)
    }

    @Test(arguments: [
        ("- ```\n  a\n  ```\n", ["a\n"]),
        ("* ```\n  a\n  ```\n", ["a\n"]),
        ("+ ```\n  a\n  ```\n", ["a\n"]),
        ("1. ```\n   a\n   ```\n", ["a\n"]),
        ("1) ```\n   a\n", ["a\n"]),
        ("123456789. ```\n           a\n", ["a\n"]),
        // 10 digits are not an ordered list marker: a paragraph, then "a" stays text.
        ("1234567890. ```\n            a\n", []),
        // Content needs the item's indentation; a less indented line ends the item.
        ("- ```\n a\n", [""]),
        ("- ```\n  a\nb\n", ["a\n"]),
        ("- ```\n  a\n- b\n", ["a\n"]),
        // Blank lines continue an item that has content.
        ("- ```\n  a\n\n  b\n  ```\n", ["a\n\nb\n"]),
        // Whitespace beyond the item's indentation on a blank line stays code.
        ("- ```\n  a\n    \n  ```\n", ["a\n  \n"]),
        // 1–4 spaces after the marker set the content indentation …
        ("-    ```\n     a\n", ["a\n"]),
        // … 5 or more mean one space, then indented code.
        ("-     ```\n", []),
        // An item may start with one blank line …
        ("-\n  ```\n  a\n  ```\n", ["a\n"]),
        // … but not two: the item ends and the fence is at top level, indented 2.
        ("-\n\n  ```\n  a\n", ["a\n"]),
        // Nested lists.
        ("- a\n  - ```\n    b\n    ```\n", ["b\n"]),
        ("- a\n  - ```\n    b\n  c\n", ["b\n"]),
        // Thematic breaks are not list items: "    ```" is then indented code.
        ("- - -\n    ```\n", []),
        ("* * *\n    ```\n", []),
        // As nested list items, "- - a" would put "    ```" in the second item.
        ("- - a\n    ```\n", [""]),
        // A bullet item may interrupt a paragraph and keeps its first line's text,
        // so the item stays open for the fence below it.
        ("Steps:\n  -    y\n--lazy\n     \t~~~~\n", [""]),
        // An ordered item interrupting a paragraph must start at 1.
        ("a\n2. ```\nx\n```\n", [""]),
        ("a\n1. ```\nx\n```\n", ["", ""]),
        // A list marker needs a following space.
        ("-```\n```\n", [""]),
    ] as [(String, [String])])
    func listItems(markdown: String, expected: [String]) {
        #expect(fencedCodes(markdown) == expected)
    }

    /// The common lab shape: a list interrupting a paragraph, a blank line, then a
    /// fence in the item. The item must survive the blank line (it has content).
    @Test func itemInterruptingParagraphKeepsFence() {
        let blocks = fencedBlocks("Steps:\n- run this\n\n  ```swift\n  code\n  ```\n")
        #expect(blocks.map(\.code) == ["code\n"])
        #expect(blocks.map(\.fenceIndent) == [0])
        #expect(blocks.map(\.closingLine) == [6])
    }

    @Test(arguments: [
        ("- > ```\n  > a\n  > ```\n", ["a\n"]),
        ("- > ```\n  > a\n  b\n", ["a\n"]),
        ("> 1. ```\n>    a\n>    ```\n", ["a\n"]),
        ("> - x\n>\n>   ```\n>   y\n", ["y\n"]),
        // Losing the quote ends the item inside it too.
        ("> - ```\n>   a\n  b\n", ["a\n"]),
    ] as [(String, [String])])
    func nestedContainers(markdown: String, expected: [String]) {
        #expect(fencedCodes(markdown) == expected)
    }

    @Test(arguments: [
        ("```\n", ""),
        ("   ```\n", "   "),
        ("> ```\n", "> "),
        (">```\n", "> "),
        ("> > ```\n", "> > "),
        ("- ```\n", "  "),
        ("1. ```\n", "   "),
        ("10) ```\n", "    "),
        (" -   ```\n", "     "),
        ("- a\n\n  ```\n", "  "),
        ("- a\n   ```\n", "   "),
        ("- a\n  - ```\n", "    "),
        ("- > ```\n", "  > "),
        ("> 1. ```\n", ">    "),
        ("> - a\n>     ```\n", ">     "),
        ("> - a\n>    ```\n", ">    "),
        // A tab after "-" reaches column 4.
        ("-\t```\n", "    "),
    ] as [(String, String)])
    func containerPrefix(markdown: String, expected: String) {
        #expect(fencedBlocks(markdown).map(\.containerPrefix) == [expected])
    }

    /// A line built from `containerPrefix` must land in the same block as content.
    @Test(arguments: ["```\n", "> ```\n", "- a\n  - ```\n", "> 1. ```\n", "> - a\n>     ```\n", "- > ```\n", "-\t```\n"])
    func prefixedLineIsContent(opening: String) throws {
        let prefix = try #require(fencedBlocks(opening).first).containerPrefix
        let blocks = fencedBlocks(opening + prefix + "let x = 1\n" + prefix + "```\n")
        #expect(blocks.count == 1)
        #expect(blocks.first?.code == "let x = 1\n")
        #expect(blocks.first?.closingLine != nil)
    }
}
