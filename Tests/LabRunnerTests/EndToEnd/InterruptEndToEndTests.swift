import Foundation
import Testing
@testable import LabRunner

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Ctrl-C and SIGTERM while swiftc or a lab runs: the tool exits 128 + signal, and leaves no
/// process, no build folder and no change to the lab behind, even with `--update`.
///
/// Readiness is a file the fake swiftc or the lab writes once it runs (holding the tool's pid,
/// its parent's); every wait has a generous guard so a broken tool fails the test, never hangs it.
@Suite struct InterruptEndToEndTests {
    /// A slow swiftc: answers `--version` (the compile cache asks), otherwise records itself and
    /// a child, says it is ready, and waits.
    static let slowCompiler = """
    #!/bin/sh
    if [ "$1" = "--version" ]; then echo "fake swiftc 1.0"; exit 0; fi
    /bin/sleep 60 &
    echo "$$ $!" > "$LABRUNNER_TEST_PIDS/swiftc.pids"
    echo "$PPID" > "$LABRUNNER_TEST_PIDS/ready.tmp"
    mv "$LABRUNNER_TEST_PIDS/ready.tmp" "$LABRUNNER_TEST_PIDS/ready"
    wait

    """

    /// What an interrupted run left: how the tool ended and what its children recorded.
    struct Interrupted {
        let result: ProcessResult
        let pids: [String: [pid_t]]
        let toolPid: pid_t
        /// What is left in the TMPDIR the tool was given.
        let leftInTemporaryFolder: [String]
        let labUnchanged: Bool
    }

    /// Copies `lab` into a fresh folder, runs the tool there with TMPDIR pointing at an empty
    /// folder, sends `signal` once the ready file exists, and collects what was left.
    private func interrupt(_ lab: String, arguments: [String], signal: Int32,
                           environment: [String: String] = [:]) async throws -> Interrupted {
        let work = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let pidFolder = work + "/pids", temporary = work + "/tmp", labFolder = work + "/lab"
        for folder in [pidFolder, temporary, labFolder] {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let original = try Data(contentsOf: URL(fileURLWithPath: FaultFixtures.folder + "/" + lab))
        try original.write(to: URL(fileURLWithPath: labFolder + "/" + lab))
        for (name, text) in environment where name == "FAKE_SWIFTC" {
            try Data(text.utf8).write(to: URL(fileURLWithPath: work + "/swiftc"))
            chmod(work + "/swiftc", 0o755)
        }
        var variables = [FaultFixtures.pidVariable: pidFolder, "TMPDIR": temporary]
        if environment["FAKE_SWIFTC"] != nil { variables["SWIFTC"] = work + "/swiftc" }

        var request = LabRunnerCLI.request(FaultFixtures.unsealed(arguments + [lab]), in: labFolder, environment: variables)
        request.timeout = 120  // a hang guard only
        let ended = try await BackgroundTool.run(request, pidFolder: pidFolder) { kill($0, signal) }
        let (result, toolPid) = (ended.result, ended.toolPid)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        let now = try Data(contentsOf: URL(fileURLWithPath: labFolder + "/" + lab))
        let labLeftovers = try FileManager.default.contentsOfDirectory(atPath: labFolder).filter { $0 != lab }
        return Interrupted(result: result, pids: FaultFixtures.recordedPids(in: pidFolder), toolPid: toolPid,
                           leftInTemporaryFolder: left + labLeftovers.map { "lab/" + $0 }, labUnchanged: now == original)
    }

    private func expectCleanExit(_ run: Interrupted, status: Int32, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let output = String(decoding: run.result.stdout + run.result.stderr, as: UTF8.self)
        #expect(run.result.termination == .exited(status), "\(output)", sourceLocation: sourceLocation)
        #expect(String(decoding: run.result.stderr, as: UTF8.self).hasSuffix("labrunner: interrupted\n"), sourceLocation: sourceLocation)
        #expect(run.leftInTemporaryFolder.isEmpty, "left: \(run.leftInTemporaryFolder)", sourceLocation: sourceLocation)
        #expect(run.labUnchanged, "the lab file changed", sourceLocation: sourceLocation)
        #expect(ProcessProbe.survivors([run.toolPid]).isEmpty, sourceLocation: sourceLocation)
    }

    @Test func ctrlCDuringCompileStopsSwiftcAndRemovesTheBuildFolder() async throws {
        let run = try await interrupt("tiny.md", arguments: ["run", "--update"], signal: SIGINT,
                                environment: ["FAKE_SWIFTC": Self.slowCompiler])
        expectCleanExit(run, status: 130)
        // The fake swiftc and the child it was waiting for.
        #expect(run.pids["swiftc"]?.count == 2)
        expectNoneSurvive(run.pids["swiftc"], "swiftc")
    }

    @Test func ctrlCDuringRunStopsTheLabAndUpdateWritesNothing() async throws {
        // --no-cache: the build folder holds the executable while the lab runs, so its removal is tested too.
        let run = try await interrupt("interrupt.md", arguments: ["run", "--update", "--no-cache"], signal: SIGINT)
        expectCleanExit(run, status: 130)
        for scenario in ["done", "stuck"] { expectNoneSurvive(run.pids[scenario], scenario) }
    }

    @Test func sigtermDuringRunStopsTheLab() async throws {
        let run = try await interrupt("interrupt.md", arguments: ["run"], signal: SIGTERM)
        expectCleanExit(run, status: 143)
        for scenario in ["done", "stuck"] { expectNoneSurvive(run.pids[scenario], scenario) }
    }
}
