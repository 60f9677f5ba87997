import Foundation
import Testing
@testable import LabRunner

/// The built tool on fixture labs, checked the way a user reads its report.
@Suite struct RunEndToEndTests {
    @Test func passingLabPassesEveryScenario() async throws {
        let result = try await LabRunnerCLI.run(["run", "passing.md"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasSuffix("\n3 passed, 0 failed, 2 skipped\n"))
        for scenario in ["mock", "empty", "failing"] {
            #expect(result.stdout.contains("PASS  \(scenario)"))
        }
        #expect(result.stdout.contains("skipped: 1 cell needs SwiftUI, not available here (line 69: imports SwiftUI); 1 marked skip (line 77)"))
    }

    @Test func mismatchShowsADiffAtTheOutputBlock() async throws {
        let result = try await LabRunnerCLI.run(["run", "mismatch.md"])
        #expect(result.status == 1)
        // The three scenarios print the same diffs: each once, naming them.
        #expect(result.stdout.contains("mismatch.md:6: output differs in scenarios mock, empty, failing (- expected, + actual)"))
        #expect(result.stdout.components(separatedBy: "-line two\n").count == 2)
        #expect(result.stdout.components(separatedBy: "+line 2\n").count == 2)
        #expect(result.stdout.contains("mismatch.md:12: the cell printed output but has no output block for scenarios mock, empty, failing (+ actual)"))
        #expect(result.stdout.components(separatedBy: "+unexpected\n").count == 2)
        #expect(result.stdout.hasSuffix("\n0 passed, 3 failed, 0 skipped\n"))
    }

    @Test func compileErrorsPointAtMarkdownLinesAndColumns() async throws {
        // `--as lab`: one program, as a lab is built; the same file as a guide is checked sample by sample.
        let result = try await LabRunnerCLI.run(["run", "--as", "lab", "compile-error.md"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("compile-error.md:4:18: error: cannot convert value of type 'String' to specified type 'Int'\n    let count: Int = \"three\"\n                     ^\n"))
        #expect(result.stdout.contains("compile-error.md:10:3: error: cannot find 'undefinedFunction' in scope\n      undefinedFunction()\n      ^\n"))
        #expect(!result.stdout.contains("main.swift"))
        // No output blocks: a file that only has to compile, so one failed test, with an account per cell.
        #expect(result.stdout.contains("  FAIL  build: did not compile (2 errors in 2 of 2 cells)\n        errors by cell: line 3 (1), line 9 (1)\n"))
        #expect(result.stdout.hasSuffix("\n0 passed, 1 failed, 0 skipped\n"))
    }

    @Test func crashesAndExitStatusesAreNamed() async throws {
        let result = try await LabRunnerCLI.run(["run", "crash.md"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("PASS  mock"))
        #expect(result.stdout.contains("PASS  empty"))
        #expect(result.stdout.contains("crashed: SIG"))
        #expect(result.stdout.contains("a Swift runtime trap"))
        #expect(result.stdout.contains("in the cell at crash.md:17"))
        #expect(result.stdout.contains("Fatal error: service exploded"))
        #expect(result.stdout.contains("exited with status 3 in the cell at crash.md:17"))
        #expect(result.stdout.hasSuffix("\n2 passed, 2 failed, 0 skipped\n"))
    }

    @Test func anEndlessScenarioTimesOutAndLeavesNoProcess() async throws {
        let result = try await LabRunnerCLI.run(["run", "timeout.md"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("timed out after 1.00s in the cell at timeout.md:13; no output before it\n"))
        let failLine = try #require(result.stdout.split(separator: "\n").first { $0.contains("FAIL  failing") })
        let seconds = try #require(Double(failLine.split(separator: " ").last!.dropLast()))
        // The scenario never ends on its own: a finite time is the kill; no upper bound (busy machines).
        #expect(seconds >= 1.0)
        let pids = result.stdout.split(separator: "\n").compactMap { line -> pid_t? in
            line.contains("pid ") ? pid_t(line.split(separator: " ").last!) : nil
        }
        for pid in pids { #expect(kill(pid, 0) == -1 && errno == ESRCH, "process \(pid) still running") }
        #expect(result.stdout.hasSuffix("\n2 passed, 1 failed, 0 skipped\n"))
    }

    @Test func updateRestoresAnEditedTranscriptByteForByte() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try Data(contentsOf: URL(fileURLWithPath: LabRunnerCLI.fixtures + "/passing.md"))
        // In a folder with a space, as `passing.md`: the program `passingLabPassesEveryScenario`
        // builds (the expected outputs are not compiled), so it comes from the cache.
        let spaced = folder + "/a copy"
        try FileManager.default.createDirectory(atPath: spaced, withIntermediateDirectories: true)
        let path = spaced + "/passing.md"
        let edited = String(decoding: original, as: UTF8.self).replacingOccurrences(of: "scenario: mock\nhello", with: "scenario: mock\nhullo")
        try Data(edited.utf8).write(to: URL(fileURLWithPath: path))

        let failing = try await LabRunnerCLI.run(["run", "passing.md"], in: spaced)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("passing.md:30: output differs in scenario mock"))
        #expect(failing.stdout.contains("        -hullo\n        +hello\n"))

        let updated = try await LabRunnerCLI.run(["run", "--update", "passing.md"], in: spaced)
        #expect(updated.status == 0, "\(updated.stdout)")
        #expect(updated.stdout.contains("UPDATED  mock"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)

        let again = try await LabRunnerCLI.run(["run", "passing.md"], in: spaced)
        #expect(again.status == 0)
    }

    @Test func repeatReportsCellsWhoseOutputDiffersBetweenRuns() async throws {
        let result = try await LabRunnerCLI.run(["run", "--repeat", "3", "--scenario", "mock", "flaky.md"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("flaky: 3 runs did not all come out the same"))
        #expect(result.stdout.contains("flaky.md:10: the cell printed differently in run 1 (-) and run 2 (+)"))
        #expect(!result.stdout.contains("flaky.md:3: the cell printed differently"))
        #expect(result.stdout.hasSuffix("\n0 passed, 1 failed, 0 skipped\n"))
    }

    @Test func updateWritesNothingForAFlakyScenario() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try Data(contentsOf: URL(fileURLWithPath: LabRunnerCLI.fixtures + "/flaky.md"))
        try original.write(to: URL(fileURLWithPath: folder + "/flaky.md"))

        let result = try await LabRunnerCLI.run(["run", "--update", "--repeat", "2", "--scenario", "mock", "flaky.md"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("not updated for scenario mock: its output differed between runs"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/flaky.md")) == original)
    }
}
