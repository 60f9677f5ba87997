import Testing
@testable import LabRunner

/// What a notebook page needs is in the model: the document, and per scenario each cell's
/// expected and actual output and its diff.
struct NotebookFactsTests {
    @Test func eachCellCarriesItsExpectedAndActualOutputPerScenario() throws {
        let file = FileReport(ReportFixture.mismatch(), appleAvailable: false)
        guard case .lab(let title, let parts, let document) = file.content else {
            Issue.record("not a lab")
            return
        }
        #expect(title == "Greetings & <friends>")
        #expect(document == Array(ReportFixture.text.utf8))
        let failing = try #require(parts.first?.scenarios.last)
        #expect(failing.name == "failing")
        let cell = failing.cells[1]
        #expect(cell.line == 15)
        #expect(cell.expected == "error: [..]\n")
        #expect(cell.actual == "complete(3)\n")
        #expect(cell.diff == ["@@ -1,1 +1,1 @@", "-error: [..]", "+complete(3)"])
        #expect(failing.cells.map(\.status) == [.pass, .fail, .skipped, .skipped])
        #expect(failing.cells[2].skipReason == .marked)
        #expect(failing.cells[3].actual == nil)
    }
}
