import Testing
@testable import LabRunner

/// Verdicts on `compile_fail` and `no_run` cells from what swiftc reported.
@Suite struct CompileCheckTests {
    private let lab = try! LabParser.parse(bytes: Array("""
    ```swift
    struct A {}
    ```
    ```swift compile_fail
    let a: Int = "x"
    ```
    ```diagnostics
    error: cannot convert value of type 'String' to [..]
    ```
    ```swift no_run
    print(A())
    ```

    """.utf8), path: "lab.md")

    private func build(succeeded: Bool, errors: [(Int, String)]) -> BuildOutcome {
        BuildOutcome(executable: nil, succeeded: succeeded, diagnostics: errors.map { line, message in
            Diagnostic(severity: .error, location: SourceLocation(path: "lab.md", line: line, column: 1), message: message)
        }, rawOutput: "", duration: 0)
    }

    @Test func compileFailPassesWhenItsErrorsMatchTheBlock() {
        let check = CompileCheck(cell: lab.cells[1], build: build(succeeded: false, errors: [
            (5, "cannot convert value of type 'String' to specified type 'Int' [#SomeGroup]"),
        ]), labPath: "lab.md")
        #expect(check.problem == nil)
        #expect(check.passed)
    }

    @Test func compileFailThatCompiledFails() {
        let check = CompileCheck(cell: lab.cells[1], build: build(succeeded: true, errors: []), labPath: "lab.md")
        #expect(check.problem == .compiled)
        #expect(!check.passed)
    }

    @Test func otherErrorsFailTheComparison() {
        let check = CompileCheck(cell: lab.cells[1], build: build(succeeded: false, errors: [(5, "something else")]), labPath: "lab.md")
        #expect(check.problem == nil)
        #expect(check.comparison?.isMatch == false)
        #expect(check.comparison?.reconciled == "error: something else\n")
    }

    @Test func errorsOutsideTheCellMeanTheEarlierCellsFail() {
        let check = CompileCheck(cell: lab.cells[1], build: build(succeeded: false, errors: [(2, "boom"), (5, "x")]), labPath: "lab.md")
        #expect(check.problem == .earlierCellsFail([Diagnostic(severity: .error, location: SourceLocation(path: "lab.md", line: 2, column: 1), message: "boom")]))
    }

    @Test func noRunPassesWhenItCompilesAndFailsWithItsErrors() {
        #expect(CompileCheck(cell: lab.cells[2], build: build(succeeded: true, errors: []), labPath: "lab.md").passed)
        let failed = CompileCheck(cell: lab.cells[2], build: build(succeeded: false, errors: [(11, "nope")]), labPath: "lab.md")
        #expect(failed.errors.count == 1)
        if case .rejected = failed.problem {} else { Issue.record("expected .rejected, got \(String(describing: failed.problem))") }
    }

    @Test(arguments: [
        ("sending 'x' risks causing data races [#SendingRisksDataRace]", "sending 'x' risks causing data races"),
        ("subscript [#1] is odd", "subscript [#1] is odd"),
        ("plain", "plain"),
    ])
    func groupTagsAreDropped(message: String, expected: String) {
        #expect(CompileCheck.untagged(message) == expected)
    }
}
