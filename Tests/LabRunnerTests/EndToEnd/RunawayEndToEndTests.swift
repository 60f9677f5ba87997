import Foundation
import Testing
@testable import LabRunner

/// Labs that do not stop on their own or leave something behind (Fixtures/faults/runaway.md):
/// an endless loop, children outliving the lab, endless output, bytes that are not UTF-8.
@Suite struct RunawayEndToEndTests {
    /// One run for every test here, so the lab compiles once; `timeout: 1` keeps it short (the
    /// other scenarios end in about 0.1 s; the endless loop burns a core until the timeout).
    static let shared = Task { try await FaultRun.run(["run", "runaway.md"]) }

    @Test func anEndlessLoopTimesOutInItsCellAndItsChildGoesWithIt() async throws {
        let run = try await Self.shared.value
        #expect(run.result.status == 1)
        #expect(run.report(of: "loop").contains("timed out after 1.00s in the cell at runaway.md:43; no output before it"))
        // The lab and the `Process` child it started in a process group of its own.
        expectNoneSurvive(run.pids["loop"], "loop")
        #expect(run.pids["loop"]?.count == 2)
    }

    @Test func childrenALabLeavesRunningAreKilledWhenItEnds() async throws {
        let run = try await Self.shared.value
        #expect(run.report(of: "grandchild").hasPrefix("  PASS  grandchild"))
        // The lab, a `Process` child in its own group, and an orphan whose shell had exited.
        #expect(run.pids["grandchild"]?.count == 3)
        expectNoneSurvive(run.pids["grandchild"], "grandchild")
    }

    @Test func endlessStandardOutputIsStoppedAtTheLimit() async throws {
        let run = try await Self.shared.value
        #expect(run.report(of: "flood").contains("stopped: printed more than 1048576 bytes in the cell at runaway.md:43"))
        expectNoneSurvive(run.pids["flood"], "flood")
    }

    @Test func endlessStandardErrorIsStoppedAndQuotedInShortLines() async throws {
        let run = try await Self.shared.value
        let report = run.report(of: "flood-stderr")
        #expect(report.contains("stopped: printed more than 1048576 bytes in the cell at runaway.md:43"))
        #expect(report.contains("stderr:\n          …eeee"))
        // A megabyte on one line is quoted cut, so the whole report stays small.
        #expect(!run.result.stdout.split(separator: "\n").contains { $0.count > 300 })
        #expect(run.result.stdout.utf8.count < 16_384)
        expectNoneSurvive(run.pids["flood-stderr"], "flood-stderr")
    }

    @Test func bytesThatAreNotUTF8ShowAsReplacementCharactersInTheDiff() async throws {
        let run = try await Self.shared.value
        let report = run.report(of: "bytes")
        #expect(report.contains("runaway.md:69: output differs in scenario bytes (- expected, + actual)"))
        #expect(report.contains("        -ok\n        +ok \u{FFFD}\u{FFFD}"))
        expectNoneSurvive(run.pids["bytes"], "bytes")
    }

    @Test func updateWritesNoReplacementCharactersIntoTheLab() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try Data(contentsOf: URL(fileURLWithPath: FaultFixtures.folder + "/runaway.md"))
        let path = folder + "/runaway.md"
        try original.write(to: URL(fileURLWithPath: path))

        // Same name, same program: served from the compile cache.
        let run = try await FaultRun.run(["run", "--update", "--scenario", "bytes", "runaway.md"], in: folder)
        #expect(run.result.status == 1, "\(run.result.stdout)")
        #expect(run.result.stdout.contains("not updated: the cell at line 43 printed bytes that are not UTF-8 (shown as \u{FFFD}) in scenario bytes"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }
}
