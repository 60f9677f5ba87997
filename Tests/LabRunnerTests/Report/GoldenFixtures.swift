import Foundation
@testable import LabRunner

/// Outcomes of whole files, one per thing a report has to say, built without swiftc: the
/// fixtures of the golden tests.
enum GoldenFixtures {
    /// A lab with a program cell, a `compile_fail` cell with its `diagnostics` block (line 11) and
    /// a `no_run` cell: cells 0 at line 4, 1 at line 8, 2 at line 15.
    static let checksText = """
    ---
    title: Checks
    ---
    ```swift
    let count = 3
    ```

    ```swift compile_fail
    let n: Int = "x"
    ```
    ```diagnostics
    error: cannot convert value of type 'String' to specified type 'Int'
    ```

    ```swift no_run
    print(count)
    ```

    """

    static func checksLab() -> Lab {
        try! LabParser.parse(bytes: Array(checksText.utf8), path: "labs/checks.md")
    }

    static func error(_ lab: Lab, line: Int, column: Int, _ message: String) -> Diagnostic {
        Diagnostic(severity: .error, location: lab.location(line: line, column: column), message: message)
    }

    /// The `compile_fail` cell's outcome when swiftc reported `errors`.
    static func compileFail(errors: [Diagnostic], succeeded: Bool = false, cell index: Int = 1) -> FileOutcome {
        let lab = checksLab()
        let cell = lab.cells[index]
        let build = BuildOutcome(executable: nil, succeeded: succeeded, diagnostics: errors, rawOutput: "", duration: 0.5)
        let outcome = LabOutcome(path: lab.path, lab: lab.program(for: cell),
                                 status: .checked(CompileCheck(cell: cell, build: build, labPath: lab.path)),
                                 part: .check(line: cell.line, role: index == 1 ? .compileFail : .noRun))
        return FileOutcome(path: lab.path, content: .lab(lab, parts: [outcome]))
    }

    static func checkPasses() -> FileOutcome {
        compileFail(errors: [error(checksLab(), line: 9, column: 14, "cannot convert value of type 'String' to specified type 'Int'")])
    }

    static func checkDiffers() -> FileOutcome {
        compileFail(errors: [error(checksLab(), line: 9, column: 14, "cannot convert value of type 'String' to specified type 'Double'")])
    }

    static func checkCompiled() -> FileOutcome {
        compileFail(errors: [], succeeded: true)
    }

    /// The cells before the `compile_fail` cell do not compile.
    static func checkAfterBrokenCells() -> FileOutcome {
        compileFail(errors: [error(checksLab(), line: 5, column: 13, "cannot find 'three' in scope")])
    }

    /// The `no_run` cell does not compile.
    static func noRunRejected() -> FileOutcome {
        compileFail(errors: [error(checksLab(), line: 16, column: 7, "cannot find 'count' in scope")], cell: 2)
    }

    static func noCells() -> FileOutcome {
        let bytes = Array("# Notes\n\nOnly prose.\n".utf8)
        let lab = try! LabParser.parse(bytes: bytes, path: "docs/notes.md")
        return ReportFixture.file(lab, .nothingToRun)
    }

    static func unreadable() -> FileOutcome {
        ReportFixture.unreadable()
    }

    static func missingModule() -> FileOutcome {
        let lab = ReportFixture.lab(path: "guides/firebase.md")
        return ReportFixture.file(lab, .missingModules([MissingModule(name: "FirebaseAuth", cellLines: [7, 15])]))
    }

    /// Scenario mock ran three times: cell 1 printed `second` twice and `2nd` once.
    static func flaky() -> FileOutcome {
        let lab = ReportFixture.lab()
        var verdict = ReportFixture.verdict(lab, "mock", outputs: [0: "hello\n", 1: "second\n"], duration: 0.125)
        verdict.flakiness = Flakiness(runCount: 3, cells: [
            Flakiness.Cell(cell: lab.cells[1], variants: [.init(runs: [1, 3], text: "second\n"), .init(runs: [2], text: "2nd\n")]),
        ], endings: [])
        return ReportFixture.ran(lab, [verdict])
    }

    /// Scenario failing timed out in cell 1 before it printed anything.
    static func silentTimeout() -> FileOutcome {
        let lab = ReportFixture.lab()
        return ReportFixture.ran(lab, [
            ReportFixture.verdict(lab, "mock", outputs: [0: "hello\n", 1: "second\n"], duration: 0.125),
            ReportFixture.verdict(lab, "failing", outputs: [0: "hello\n", 1: ""], problem: .timedOut(seconds: 5), lastCell: 1, duration: 5),
        ])
    }

    /// Both scenarios print `hallo` in cell 0, whose one block (line 11) says `hello`: the same
    /// diff twice; failing also prints `complete(3)` in cell 1 (block line 21, `error: [..]`).
    static func sharedDiff() -> FileOutcome {
        let lab = ReportFixture.lab()
        return ReportFixture.ran(lab, [
            ReportFixture.verdict(lab, "mock", outputs: [0: "hallo\n", 1: "second\n"], duration: 0.125),
            ReportFixture.verdict(lab, "failing", outputs: [0: "hallo\n", 1: "complete(3)\n"], duration: 0.25),
        ])
    }

    /// swiftc crashed while building the lab.
    static func toolFailure() -> FileOutcome {
        ReportFixture.toolFailure(ReportFixture.lab(), output: "Stack dump:\n0. Program arguments: swiftc\n")
    }
}

extension FileOutcome {
    /// The one check of a file made by `GoldenFixtures.compileFail`.
    var checkForTest: CompileCheck {
        guard case .lab(_, let parts) = content, case .checked(let check) = parts.first?.status else { fatalError("not a check") }
        return check
    }
}
