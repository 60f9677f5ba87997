import Foundation
import Testing
@testable import LabRunner

struct JSONReportTests {
    private func decode(_ outcomes: [FileOutcome], appleAvailable: Bool = false,
                        updates: [String: FileUpdate] = [:]) throws -> [String: Any] {
        let text = try JSONReport.json(ReportFixture.run(outcomes, appleAvailable: appleAvailable, updates: updates))
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    private func labs(_ document: [String: Any]) throws -> [[String: Any]] {
        try #require(document["labs"] as? [[String: Any]])
    }

    private func scenarios(_ lab: [String: Any]) throws -> [[String: Any]] {
        try #require(lab["scenarios"] as? [[String: Any]])
    }

    private func cells(_ scenario: [String: Any]) throws -> [[String: Any]] {
        try #require(scenario["cells"] as? [[String: Any]])
    }

    @Test func versionTotalsAndOneEntryPerLab() throws {
        let document = try decode([ReportFixture.allPass(), ReportFixture.mismatch(), ReportFixture.crashAndTimeout(),
                                   ReportFixture.compileFailure(), ReportFixture.invalid()])
        #expect(document["schemaVersion"] as? Int == 2)
        #expect(document["appleAvailable"] as? Bool == false)
        let totals = try #require(document["totals"] as? [String: Any])
        #expect(totals.filter { $0.key != "rungs" } as? [String: Int] == ["passed": 3, "failed": 5, "skipped": 8, "notChecked": 1, "invalid": 1])
        // Labs only: no guide sample on any rung, every rung named.
        #expect(totals["rungs"] as? [String: Int] == ["output-checked": 0, "compiled": 0, "parsed": 0, "listing": 0])
        let labs = try labs(document)
        #expect(labs.map { $0["status"] as? String } == ["pass", "fail", "fail", "compile-error", "invalid"])
        #expect(labs.map { $0["passed"] as? Int } == [2, 1, 0, 0, 0])
        #expect(labs.map { $0["failed"] as? Int } == [0, 1, 2, 2, 0])
        // allPass came from the cache; an invalid lab never reached swiftc.
        #expect(labs.map { $0["compilerRan"] as? Bool } == [false, true, true, true, false])
    }

    /// Nothing to compile is not a test, in JSON as in the terminal and JUnit: no scenarios, 0 and 0.
    @Test func aLabWithNothingToRunHasNoScenarios() throws {
        let outcome = ReportFixture.file(ReportFixture.lab(), .nothingToRun)
        let lab = try #require(try labs(try decode([outcome])).first)
        #expect(lab["status"] as? String == "nothing-to-run")
        #expect(lab["compilerRan"] as? Bool == false)
        #expect(lab["passed"] as? Int == 0)
        #expect(lab["failed"] as? Int == 0)
        #expect(try scenarios(lab).isEmpty)
        #expect(lab["error"] as? String == "no Swift cells to compile on this platform")
    }

    @Test func aPassingLabWithItsBuildAndSkippedCells() throws {
        let lab = try #require(try labs(try decode([ReportFixture.allPass()])).first)
        #expect(lab["path"] as? String == "labs/greetings.md")
        #expect(lab["title"] as? String == "Greetings & <friends>")
        #expect(lab["buildDuration"] as? Double == 1.5)
        #expect(lab["compilerRan"] as? Bool == false)
        #expect(lab["error"] is NSNull)
        #expect((lab["warnings"] as? [Any])?.isEmpty == true)
        #expect((lab["diagnostics"] as? [Any])?.isEmpty == true)
        let skipped = try #require(lab["skippedCells"] as? [[String: Any]])
        #expect(skipped.map { $0["index"] as? Int } == [2, 3])
        #expect(skipped.map { $0["line"] as? Int } == [25, 29])
        #expect(skipped.map { $0["reason"] as? String } == ["skip", "apple"])
        #expect(skipped.map { $0["message"] as? String } == ["marked skip", "needs SwiftUI, not available here (imports SwiftUI)"])
        let scenarios = try scenarios(lab)
        #expect(scenarios.map { $0["name"] as? String } == ["mock", "failing"])
        #expect(scenarios.map { $0["status"] as? String } == ["pass", "pass"])
        #expect(scenarios.map { $0["duration"] as? Double } == [0.125, 0.25])
        #expect(scenarios.allSatisfy { $0["problem"] is NSNull })
        let mock = try cells(scenarios[0])
        #expect(mock.map { $0["status"] as? String } == ["pass", "pass", "skipped", "skipped"])
        #expect(mock.map { $0["line"] as? Int } == [7, 15, 25, 29])
        #expect(mock.map { $0["section"] as? String } == ["Run", "Run", "Run", "Run"])
        #expect(mock[1]["expectedLine"] as? Int == 18)
        #expect(try cells(scenarios[1])[1]["expectedLine"] as? Int == 21)
        #expect(mock[2]["expectedLine"] is NSNull)
    }

    @Test func aMismatchingCellCarriesItsDiff() throws {
        let lab = try #require(try labs(try decode([ReportFixture.mismatch()])).first)
        let failing = try scenarios(lab)[1]
        #expect(failing["status"] as? String == "fail")
        #expect(failing["problem"] is NSNull)
        let cell = try cells(failing)[1]
        #expect(cell["status"] as? String == "fail")
        #expect(cell["index"] as? Int == 1)
        #expect(cell["expectedLine"] as? Int == 21)
        #expect(cell["diff"] as? [String] == ["@@ -1,1 +1,1 @@", "-error: [..]", "+complete(3)"])
        #expect(try cells(failing)[0]["diff"] as? [String] == [])
    }

    @Test func aCrashAndATimeoutNameTheCellAndKeepTheStderrTail() throws {
        let lab = try #require(try labs(try decode([ReportFixture.crashAndTimeout()])).first)
        let (mock, failing) = (try scenarios(lab)[0], try scenarios(lab)[1])
        let crash = try #require(mock["problem"] as? [String: Any])
        #expect(crash["kind"] as? String == "crash")
        #expect(crash["cellIndex"] as? Int == 1)
        #expect(crash["line"] as? Int == 15)
        #expect(crash["message"] as? String == "crashed: SIGILL (a Swift runtime trap: fatalError, force unwrap of nil, index out of range…) in the cell at labs/greetings.md:15")
        #expect(mock["stderrTail"] as? [String] == ["labs/greetings.md:16: Fatal error: boom"])
        #expect(try cells(mock).map { $0["status"] as? String } == ["pass", "fail", "skipped", "skipped"])
        let timeout = try #require(failing["problem"] as? [String: Any])
        #expect(timeout["kind"] as? String == "timeout")
        #expect(timeout["message"] as? String == "timed out after 5.00s in the cell at labs/greetings.md:15")
        #expect(failing["duration"] as? Double == 5)
        #expect(failing["stderrTail"] as? [String] == [])
    }

    @Test func aCompileFailureListsDiagnosticsAndFailsEveryScenario() throws {
        let lab = try #require(try labs(try decode([ReportFixture.compileFailure()])).first)
        let diagnostics = try #require(lab["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 3)
        #expect(diagnostics[0]["path"] as? String == "labs/greetings.md")
        #expect(diagnostics.map { $0["line"] as? Int } == [16, 9, 9])
        #expect(diagnostics.map { $0["column"] as? Int } == [7, 1, 1])
        #expect(diagnostics.map { $0["severity"] as? String } == ["error", "error", "note"])
        #expect(diagnostics[0]["message"] as? String == "cannot find 'second' in scope")
        #expect(diagnostics[0]["inPrelude"] as? Bool == false)
        let warnings = try #require(lab["warnings"] as? [[String: Any]])
        #expect(warnings.map { $0["message"] as? String } == ["result unused, x, y: z"])
        #expect(warnings.map { $0["severity"] as? String } == ["warning"])
        #expect(lab["buildDuration"] as? Double == 2)
        let scenarios = try scenarios(lab)
        #expect(scenarios.map { $0["status"] as? String } == ["fail", "fail"])
        #expect(scenarios.map { ($0["problem"] as? [String: Any])?["kind"] as? String } == ["compile-error", "compile-error"])
        #expect(scenarios.map { ($0["problem"] as? [String: Any])?["message"] as? String } == ["did not compile (2 errors)", "did not compile (2 errors)"])
        #expect(try cells(scenarios[0]).map { $0["status"] as? String } == ["not-run", "not-run", "skipped", "skipped"])
    }

    @Test func anInvalidLabHasItsInputErrorAsADiagnostic() throws {
        let lab = try #require(try labs(try decode([ReportFixture.invalid()])).first)
        #expect(lab["status"] as? String == "invalid")
        #expect(lab["title"] is NSNull)
        #expect(lab["error"] as? String == "unknown front matter key 'timout'; did you mean 'timeout'? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)")
        let diagnostics = try #require(lab["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0]["path"] as? String == "labs/bad.md")
        #expect(diagnostics[0]["line"] as? Int == 2)
        #expect(diagnostics[0]["column"] as? Int == 1)
        #expect(diagnostics[0]["severity"] as? String == "error")
        #expect(try scenarios(lab).isEmpty)
        #expect((lab["skippedCells"] as? [Any])?.isEmpty == true)
    }

    @Test func updatedScenariosAndCellsCountAsPassed() throws {
        let document = try decode([ReportFixture.mismatch()], updates: ["labs/greetings.md": ReportFixture.updated(["failing"])])
        let lab = try #require(try labs(document).first)
        #expect(lab["status"] as? String == "pass")
        let totals = try #require(document["totals"] as? [String: Any])
        #expect(totals.filter { $0.key != "rungs" } as? [String: Int] == ["passed": 2, "failed": 0, "skipped": 2, "notChecked": 0, "invalid": 0])
        // Labs only: no guide sample on any rung, every rung named.
        #expect(totals["rungs"] as? [String: Int] == ["output-checked": 0, "compiled": 0, "parsed": 0, "listing": 0])
        let failing = try scenarios(lab)[1]
        #expect(failing["status"] as? String == "updated")
        #expect(try cells(failing)[1]["status"] as? String == "updated")
        #expect(try cells(failing)[1]["diff"] as? [String] == ["@@ -1,1 +1,1 @@", "-error: [..]", "+complete(3)"])
    }

    @Test func scenariosNotSelectedAreSkippedAndCellsThatDidNotRunSaySo() throws {
        let lab = ReportFixture.lab()
        let outcome = ReportFixture.ran(lab, [ReportFixture.verdict(lab, "failing", outputs: [0: "hello\n"], problem: .stoppedEarly(notRun: [1]), lastCell: 0)])
        let entry = try #require(try labs(try decode([outcome], appleAvailable: true)).first)
        let scenarios = try scenarios(entry)
        #expect(scenarios.map { $0["status"] as? String } == ["skipped", "fail"])
        #expect((scenarios[0]["problem"] as? [String: Any])?["kind"] as? String == "not-selected")
        #expect((scenarios[1]["problem"] as? [String: Any])?["message"] as? String == "exited before running the cells at lines 15 in the cell at labs/greetings.md:7")
        #expect(try cells(scenarios[1]).map { $0["status"] as? String } == ["fail", "not-run", "skipped", "not-run"])
        #expect((entry["skippedCells"] as? [[String: Any]])?.map { $0["reason"] as? String } == ["skip"])
    }

    @Test func keysAreSortedAndTheTextIsStable() throws {
        let outcomes = [ReportFixture.allPass(), ReportFixture.invalid()]
        let text = try JSONReport.json(ReportFixture.run(outcomes))
        #expect(try text == JSONReport.json(ReportFixture.run(outcomes)))
        #expect(text.hasPrefix("{\n  \"appleAvailable\""))
        #expect(text.hasSuffix("}\n"))
        let topLevel = ["\n  \"appleAvailable\"", "\n  \"labs\"", "\n  \"schemaVersion\"", "\n  \"totals\""]
        let offsets = try topLevel.map { key in try #require(text.range(of: key)).lowerBound }
        #expect(offsets == offsets.sorted())
        #expect(text.contains("\"path\" : \"labs/bad.md\""))
    }
}
