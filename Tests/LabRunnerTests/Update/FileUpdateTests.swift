import Foundation
import Testing
@testable import LabRunner

/// `--update` of one file, as the library does it: the edits of every part, one atomic write, and
/// what the report then says.
struct FileUpdateTests {
    private func withLab(_ body: (String) throws -> Void) throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/greetings.md"
        try Data(ReportFixture.text.utf8).write(to: URL(fileURLWithPath: path))
        try body(path)
    }

    @Test func writesTheFileOnceAndTheReportSaysSo() throws {
        try withLab { path in
            let outcome = ReportFixture.mismatch(path: path)
            let update = try #require(FileUpdate.apply(outcome, appleAvailable: false))
            #expect(update.write == .wrote)
            let written = try String(contentsOfFile: path, encoding: .utf8)
            #expect(written == ReportFixture.text.replacingOccurrences(of: "```output failing\nerror: [..]\n", with: "```output failing\ncomplete(3)\n"))
            let report = FileReport(outcome, update: update, appleAvailable: false)
            #expect(report.parts[0].update?.lines == ["updated: 1 output block rewritten, 0 inserted", "wrote \(path)"])
            #expect(report.parts[0].scenarios.map(\.status) == [.pass, .updated])
            #expect(report.counts == Counts(passed: 2, failed: 0, skipped: 2))
        }
    }

    @Test func aFileChangedSinceItWasReadIsLeftAloneAndNothingCountsAsUpdated() throws {
        try withLab { path in
            let outcome = ReportFixture.mismatch(path: path)
            try Data("edited meanwhile\n".utf8).write(to: URL(fileURLWithPath: path))
            let update = try #require(FileUpdate.apply(outcome, appleAvailable: false))
            #expect(update.write == .failed(.changedOnDisk(path)))
            #expect(try String(contentsOfFile: path, encoding: .utf8) == "edited meanwhile\n")
            let report = FileReport(outcome, update: update, appleAvailable: false)
            #expect(report.parts[0].update?.lines == ["\(path) changed on disk since it was read; not updated (run again)"])
            #expect(report.parts[0].scenarios.map(\.status) == [.pass, .fail])
            #expect(report.counts == Counts(passed: 1, failed: 1, skipped: 2))
        }
    }

    @Test func aFileThatIsNotALabHasNothingToUpdate() {
        #expect(FileUpdate.apply(ReportFixture.invalid(), appleAvailable: false) == nil)
        #expect(FileUpdate.apply(ReportFixture.unreadable(), appleAvailable: false) == nil)
    }

    @Test func aPassingLabIsNotWritten() throws {
        try withLab { path in
            let lab = try LabParser.parse(bytes: Array(ReportFixture.text.utf8), path: path)
            let outcome = ReportFixture.ran(lab, [ReportFixture.verdict(lab, "mock", outputs: [0: "hello\n", 1: "second\n"])])
            #expect(FileUpdate.apply(outcome, appleAvailable: false)?.write == .unchanged)
        }
    }
}
