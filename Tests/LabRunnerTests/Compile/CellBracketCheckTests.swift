import Testing
@testable import LabRunner

/// Every cell at fault is named at its Markdown line and column, containers included; balanced
/// cells and brackets in strings, comments and regex literals are not.
struct CellBracketCheckTests {
    static func check(_ markdown: String) throws -> [String] {
        let lab = try LabParser.parse(bytes: Array(markdown.utf8), path: "lab.md", bareLanguage: nil)
        return CellBracketCheck.diagnostics(for: lab).map(ReportFacts.line)
    }

    @Test func balancedCellsPass() throws {
        let markdown = """
        ```swift
        let pattern = /[(]/
        let text = "} \\(pattern) { \\("(")"
        /* ) */ func f() -> [Int] { [1].map { ($0) } }
        ```
        """
        #expect(try Self.check(markdown) == [])
    }

    @Test func eachCellAtFaultIsNamedAtTheBracketInsideItsContainers() throws {
        let markdown = """
        ```swift
        struct A {
        ```

        > ```swift
        > let b = [1, 2)
        > ```

        - ```swift
          print("fine")
          }
          ```
        """
        #expect(try Self.check(markdown) == [
            "lab.md:2:10: error: '{' is never closed in this cell",
            "note: a cell must be complete: a later cell cannot close what it opens",
            "lab.md:6:16: error: expected ']' before ')' in this cell",
            "lab.md:6:11: note: to match this opening '['",
            "lab.md:11:3: error: '}' has no matching '{' in this cell",
        ])
    }

    /// `x[/]/2` is a subscript between two divisions in Swift 5 and holds the regex `/]/` in Swift 6.
    @Test func slashesAreRegexLiteralsOnlyWhereTheLabsSwiftVersionSaysSo() throws {
        let cell = "```swift\nlet y = x[/]/2\n```\n"
        #expect(try Self.check("---\nswift-version: 5\n---\n" + cell) == [])
        #expect(try Self.check(cell) == [
            "lab.md:2:10: error: '[' is never closed in this cell",
            "note: a cell must be complete: a later cell cannot close what it opens",
        ])
    }

    @Test func anUnclosedCommentOrMultilineStringIsNamedAtItsOpening() throws {
        let markdown = """
        ```swift
        let a = 1 /* the rest
        ```

        ```swift
        let s = \"\"\"
          text
        ```
        """
        #expect(try Self.check(markdown) == [
            "lab.md:2:11: error: '/*' is never closed in this cell",
            "note: a cell must be complete: a later cell cannot close what it opens",
            "lab.md:6:9: error: '\"\"\"' is never closed in this cell",
            "note: a cell must be complete: a later cell cannot close what it opens",
        ])
    }
}
