import Foundation
import Testing
@testable import LabRunner

/// Labs that crash or end early, each scenario of Fixtures/faults/crashes.md its own way: the
/// report names how it ended, the cell that was running and stderr's last lines, and no
/// process of the lab is left.
@Suite struct CrashEndToEndTests {
    /// One run for every test here, so the lab compiles once.
    static let shared = Task { try await FaultRun.run(["run", "crashes.md"]) }

    @Test func theRunFailsWithOnlyTheStdinScenarioPassing() async throws {
        let run = try await Self.shared.value
        #expect(run.result.status == 1, "\(run.result.stdout)\(run.result.stderr)")
        #expect(run.result.stdout.hasSuffix("\n1 passed, 6 failed, 0 skipped\n"))
    }

    @Test func aForceUnwrapOfNilIsReportedAsATrapInItsCell() async throws {
        let run = try await Self.shared.value
        let report = run.report(of: "unwrap")
        #expect(report.contains("crashed: SIG"))  // SIGILL on x86_64, SIGTRAP on arm64
        #expect(report.contains("(a Swift runtime trap: fatalError, force unwrap of nil, index out of range…) in the cell at crashes.md:25"))
        #expect(report.contains("stderr:\n          crashes.md:28: Fatal error: Unexpectedly found nil while unwrapping an Optional value"))
        expectNoneSurvive(run.pids["unwrap"], "unwrap")
    }

    @Test func anIndexOutOfRangeIsReportedAsATrapInItsCell() async throws {
        let run = try await Self.shared.value
        let report = run.report(of: "index")
        #expect(report.contains("(a Swift runtime trap: fatalError, force unwrap of nil, index out of range…) in the cell at crashes.md:25"))
        #expect(report.contains("Fatal error: Index out of range"))
        expectNoneSurvive(run.pids["index"], "index")
    }

    @Test func fatalErrorShowsItsMessage() async throws {
        let run = try await Self.shared.value
        let report = run.report(of: "fatal")
        #expect(report.contains("a Swift runtime trap"))
        #expect(report.contains("in the cell at crashes.md:25"))
        #expect(report.contains("crashes.md:30: Fatal error: the service exploded"))
        #expect(!report.contains("main/crashes.md"))
        expectNoneSurvive(run.pids["fatal"], "fatal")
    }

    @Test func aSegmentationFaultIsNamed() async throws {
        let run = try await Self.shared.value
        #expect(run.report(of: "segv").contains("crashed: SIGSEGV (invalid memory access) in the cell at crashes.md:25"))
        expectNoneSurvive(run.pids["segv"], "segv")
    }

    @Test func aSIGKILLIsNamed() async throws {
        let run = try await Self.shared.value
        #expect(run.report(of: "sigkill").contains("crashed: SIGKILL (killed: by the lab itself, another process, or the system when out of memory) in the cell at crashes.md:25"))
        expectNoneSurvive(run.pids["sigkill"], "sigkill")
    }

    @Test func aNonZeroExitShowsItsStatusAndStderr() async throws {
        let run = try await Self.shared.value
        let report = run.report(of: "exit")
        #expect(report.contains("exited with status 3 in the cell at crashes.md:25"))
        #expect(report.contains("stderr:\n          giving up: no data"))
        expectNoneSurvive(run.pids["exit"], "exit")
    }

    @Test func readingStdinGetsEndOfInputAtOnce() async throws {
        let run = try await Self.shared.value
        #expect(run.report(of: "stdin").hasPrefix("  PASS  stdin"))
        expectNoneSurvive(run.pids["stdin"], "stdin")
    }
}
