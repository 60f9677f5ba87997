import Testing
@testable import LabRunner

/// `compile_fail`, `standalone` and `no_run` cells, `diagnostics` blocks, `<!-- labrunner: … -->`
/// directives and bare fences.
@Suite struct CellRoleTests {
    private func parse(_ text: String, bare: String? = nil) throws(LabError) -> Lab {
        try LabParser.parse(bytes: Array(text.utf8), path: "lab.md", bareLanguage: bare)
    }

    @Test func rolesKeepCellsOutOfTheProgram() throws {
        let lab = try parse("""
        ```swift
        struct A {}
        ```
        ```swift compile_fail
        let a: Int = "x"
        ```
        ```diagnostics
        error: cannot convert [..]
        ```
        ```swift standalone
        print(1)
        ```
        ```swift no_run
        while true {}
        ```
        ```swift
        print(A())
        ```

        """)
        #expect(lab.cells.map(\.role) == [.program, .compileFail, .standalone, .noRun, .program])
        #expect(lab.compiledCells.map(\.index) == [0, 4])
        #expect(lab.cellsBuiltApart.map(\.index) == [1, 2, 3])
        #expect(lab.cells[1].expectedDiagnostics?.openingLine == 7)
        #expect(lab.cells[1].codeLines == 5...5)
        // A check is built after the program cells before it; a standalone cell alone.
        #expect(lab.program(for: lab.cells[1]).compiledCells.map(\.index) == [0, 1])
        #expect(lab.program(for: lab.cells[3]).compiledCells.map(\.index) == [0, 3])
        #expect(lab.program(for: lab.cells[2]).compiledCells.map(\.index) == [2])
    }

    @Test func directiveOnTheLineBeforeAFenceAddsAttributes() throws {
        let lab = try parse("Text\n<!-- labrunner: skip -->\n```swift\nlet a =\n```\n> <!-- labrunner: compile_fail -->\n> ```swift\n> let b: Int = \"\"\n> ```\n")
        #expect(lab.cells.map(\.attributes) == [[.skip], [.compileFail]])
    }

    @Test func bareFencesAreSwiftOnlyWhenAskedFor() throws {
        let text = "```\nprint(1)\n```\n```sh\nls\n```\n"
        #expect(try parse(text).cells.isEmpty)
        #expect(try parse(text, bare: "swift").cells.map(\.line) == [1])
        let directed = try parse("<!-- labrunner: bare=swift -->\n\n" + text)
        #expect(directed.cells.map(\.line) == [3])
    }

    @Test(arguments: [
        ("```swift skip compile_fail\nx\n```\n", "lab.md:1:15: error: cell attribute 'compile_fail' cannot be combined with 'skip': a cell is skipped, standalone, compile_fail or no_run, one at most"),
        ("<!-- labrunner: standalone -->\n```swift no_run\nx\n```\n", "lab.md:1:17: error: cell attribute 'standalone' cannot be combined with 'no_run': a cell is skipped, standalone, compile_fail or no_run, one at most"),
        ("<!-- labrunner: skip -->\n```sh\nls\n```\n", "lab.md:1:17: error: a '<!-- labrunner: … -->' directive applies to the fenced block right below it, which is not a swift cell"),
        ("<!-- labrunner: skpi -->\n```swift\nx\n```\n", "lab.md:1:17: error: unknown cell attribute 'skpi'; did you mean 'skip'? (attributes: skip, apple, compile_fail, standalone, no_run, hidden, scratch)"),
        ("```swift\nx\n```\n```diagnostics\nerror: x\n```\n", "lab.md:4:4: error: diagnostics block not after a compile_fail cell: it lists the errors the compile_fail cell above it must produce"),
        ("```swift compile_fail\nx\n```\n```diagnostics\n```\n```diagnostics\n```\n", "lab.md:6:4: error: second diagnostics block for the same compile_fail cell; the first is on line 4"),
    ])
    func inputErrors(text: String, message: String) {
        do {
            _ = try parse(text)
            Issue.record("expected: \(message)")
        } catch {
            #expect(error.description == message)
        }
    }
}
