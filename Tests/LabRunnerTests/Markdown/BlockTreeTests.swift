import Testing
@testable import LabRunner

/// The whole block tree of small documents, one dump per document (swift-markdown's habit): a
/// change anywhere in the structure, a line range or a leaf's text shows as a readable diff.
struct BlockTreeTests {
    /// One line per block, children indented: kind, line range, then the leaf's text.
    static func dump(_ text: String) -> String {
        MarkdownParser.blocks(in: MarkdownSource(text: text)).map { dump($0, depth: 0) }.joined()
    }

    private static func dump(_ block: MarkdownBlock, depth: Int) -> String {
        let range = "\(block.lines.lowerBound)...\(block.lines.upperBound)"
        let head: String = switch block.kind {
        case .blockQuote: "blockQuote \(range)"
        case .list(let list): "list(\(list.start.map { "ordered \($0)" } ?? "bullet"), \(list.isTight ? "tight" : "loose")) \(range)"
        case .listItem: "item \(range)"
        case .paragraph(let text): "paragraph \(range) \(text.debugDescription)"
        case .heading(let level, let text): "heading(\(level)) \(range) \(text.debugDescription)"
        case .thematicBreak: "thematicBreak \(range)"
        case .html(let html): "html \(range) \(html.debugDescription)"
        case .indentedCode(let code): "indentedCode \(range) \(code.debugDescription)"
        case .fencedCode(let fence): "fencedCode(\(fence.info.debugDescription)) \(range) \(fence.code.debugDescription)"
        case .table(let table): "table \(range) \(table.header) \(table.alignments) \(table.rows)"
        }
        return String(repeating: "  ", count: depth) + head + "\n"
            + block.children.map { dump($0, depth: depth + 1) }.joined()
    }

    @Test(arguments: [
        ("# One\n## Two ##\nThree\n=====\n\n---\n", """
        heading(1) 1...1 "One"
        heading(2) 2...2 "Two"
        heading(1) 3...4 "Three"
        thematicBreak 6...6

        """),
        ("### \\### x ###\n#\n", """
        heading(3) 1...1 "\\\\### x"
        heading(1) 2...2 ""

        """),
        ("a  \n  b\t\n", """
        paragraph 1...2 "a  \\nb"

        """),
        ("```swift\nlet a = 1\n```\n\n    indented\n\n    more\n\n\npara\n", """
        fencedCode("swift") 1...3 "let a = 1\\n"
        indentedCode 5...7 "indented\\n\\nmore\\n"
        paragraph 10...10 "para"

        """),
        ("<div>\n  <b>x</b>\n\ntext <!-- y -->\n", """
        html 1...2 "<div>\\n  <b>x</b>\\n"
        paragraph 4...4 "text <!-- y -->"

        """),
    ] as [(String, String)])
    func leaves(markdown: String, expected: String) {
        #expect(Self.dump(markdown) == expected)
    }

    @Test(arguments: [
        ("> quote\nlazy\n> > nested\n", """
        blockQuote 1...3
          paragraph 1...2 "quote\\nlazy"
          blockQuote 3...3
            paragraph 3...3 "nested"

        """),
        ("- a\n- b\n  - c\n\n3. x\n4. y\n", """
        list(bullet, tight) 1...4
          item 1...1
            paragraph 1...1 "a"
          item 2...4
            paragraph 2...2 "b"
            list(bullet, tight) 3...4
              item 3...4
                paragraph 3...3 "c"
        list(ordered 3, tight) 5...6
          item 5...5
            paragraph 5...5 "x"
          item 6...6
            paragraph 6...6 "y"

        """),
        // A blank line between items, or between an item's children, makes the list loose.
        ("- a\n\n- b\n\n* c\n  \n  d\n+ e\n", """
        list(bullet, loose) 1...4
          item 1...2
            paragraph 1...1 "a"
          item 3...4
            paragraph 3...3 "b"
        list(bullet, loose) 5...7
          item 5...7
            paragraph 5...5 "c"
            paragraph 7...7 "d"
        list(bullet, tight) 8...8
          item 8...8
            paragraph 8...8 "e"

        """),
        // A blank line inside a fence, or in a nested list's last item, does not.
        ("- ```\n  a\n\n  ```\n- b\n", """
        list(bullet, tight) 1...5
          item 1...4
            fencedCode("") 1...4 "a\\n\\n"
          item 5...5
            paragraph 5...5 "b"

        """),
        ("1. a\n\n   ```swift\n   code\n   ```\n2. b\n", """
        list(ordered 1, loose) 1...6
          item 1...5
            paragraph 1...1 "a"
            fencedCode("swift") 3...5 "code\\n"
          item 6...6
            paragraph 6...6 "b"

        """),
        // An item that starts empty ends at its first blank line.
        ("-\n  foo\n-\n\n  bar\n", """
        list(bullet, tight) 1...4
          item 1...2
            paragraph 2...2 "foo"
          item 3...3
        paragraph 5...5 "bar"

        """),
    ] as [(String, String)])
    func containers(markdown: String, expected: String) {
        #expect(Self.dump(markdown) == expected)
    }

    @Test(arguments: [
        ("text\n| a | b |\n|:--|--:|\n| 1 | `\\|` 2 |\n| 3 |\n\nafter\n", """
        paragraph 1...1 "text"
        table 2...5 ["a", "b"] [LabRunner.TableAlignment.left, LabRunner.TableAlignment.right] [["1", "`|` 2"], ["3", ""]]
        paragraph 7...7 "after"

        """),
        // cmark-gfm: a header without pipes and a delimiter row of one column make a table;
        // a block start ends it, and an indented row is code.
        ("foo\n:--\nbar\n> q\n", """
        table 1...3 ["foo"] [LabRunner.TableAlignment.left] [["bar"]]
        blockQuote 4...4
          paragraph 4...4 "q"

        """),
        ("a|b\n-|-\n    c|d\n", """
        table 1...2 ["a", "b"] [LabRunner.TableAlignment.none, LabRunner.TableAlignment.none] []
        indentedCode 3...3 "c|d\\n"

        """),
        // Cell counts that differ: no table.
        ("| a | b |\n| - |\n", """
        paragraph 1...2 "| a | b |\\n| - |"

        """),
    ] as [(String, String)])
    func tables(markdown: String, expected: String) {
        #expect(Self.dump(markdown) == expected)
    }

    /// The tree's fenced blocks are the very blocks the Lab stage reads (hidden setup ones stay
    /// inside their comment), so a page can find a cell's results by its block.
    @Test func fencesInTheTreeAreTheFencesTheLabReads() {
        let text = "> - ```swift\n>   a\n>   ```\n\n<!-- labrunner: setup\n```swift\nsetup\n```\n-->\n\n~~~\nb\n"
        let source = MarkdownSource(text: text)
        func fences(_ blocks: [MarkdownBlock]) -> [FencedBlock] {
            blocks.flatMap { block -> [FencedBlock] in
                if case .fencedCode(let fence) = block.kind { return [fence] }
                return fences(block.children)
            }
        }
        let visible = MarkdownParser.fencedBlocks(in: source).filter { !$0.isHiddenSetup }
        #expect(fences(MarkdownParser.blocks(in: source)) == visible)
        #expect(visible.count == 2)
    }
}
