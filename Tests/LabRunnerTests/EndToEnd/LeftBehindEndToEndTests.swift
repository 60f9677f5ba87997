import Foundation
import Testing
@testable import LabRunner

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Nothing of a run stays in TMPDIR: not the scratch folder of a `swiftc --version` nobody waited
/// for, not the build folder of a run killed with SIGKILL (the next run removes it).
@Suite struct LeftBehindEndToEndTests {
    /// A fresh work folder with `tmp/` (the tool's TMPDIR), `cache/` (its XDG_CACHE_HOME, so no
    /// compiler record exists), `pids/` and a fake swiftc holding `script`.
    struct Work {
        let root: String
        var tmp: String { root + "/tmp" }
        var cache: String { root + "/cache" }
        var pids: String { root + "/pids" }
        var swiftc: String { root + "/swiftc" }
        var environment: [String: String] {
            ["TMPDIR": tmp, "XDG_CACHE_HOME": cache, "SWIFTC": swiftc, FaultFixtures.pidVariable: pids]
        }

        init(swiftc script: String) throws {
            root = try LabRunnerCLI.temporaryDirectory()
            for folder in ["tmp", "cache", "pids"] {
                try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            }
            try write(script, to: swiftc)
            chmod(swiftc, 0o755)
        }

        func write(_ text: String, to path: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }

        var leftInTemporaryFolder: [String] { FileTreeSnapshot(tmp).paths.sorted() }
    }

    /// Answers `--version` slowly, and like the real driver leaves a `TemporaryDirectory.*` in
    /// its TMPDIR (the tool's scratch folder) when it gets to the end.
    static let slowVersion = """
    #!/bin/sh
    echo $$ > "$LABRUNNER_TEST_PIDS/version.pids"
    /bin/sleep 0.5
    mkdir "$TMPDIR/TemporaryDirectory.fake"
    echo "fake swiftc 1.0"

    """

    @Test func aRunOfOnlyInputErrorsLeavesNoScratchFolderOfTheVersionQuestion() async throws {
        let work = try Work(swiftc: Self.slowVersion)
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let lab = work.root + "/bad.md"
        try work.write("---\ntitel: x\n---\n```swift\nprint(1)\n```\n", to: lab)

        let result = try await LabRunnerCLI.run(["run", lab], environment: work.environment)
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect((result.stdout + result.stderr).contains("unknown front matter key 'titel'"), "\(result.stdout)")
        // Whatever swiftc still does after the tool ended has to be over before looking.
        let asked = FaultFixtures.recordedPids(in: work.pids)["version"] ?? []
        #expect(ProcessProbe.survivors(asked).isEmpty)
        #expect(work.leftInTemporaryFolder.isEmpty, "left: \(work.leftInTemporaryFolder)")
    }

    @Test func theNextRunRemovesTheBuildFolderOfARunKilledDuringItsCompile() async throws {
        let work = try Work(swiftc: InterruptEndToEndTests.slowCompiler)
        defer { try? FileManager.default.removeItem(atPath: work.root) }
        let lab = FaultFixtures.folder + "/tiny.md"
        var request = LabRunnerCLI.request(["run", "--no-cache", lab], environment: work.environment)
        request.timeout = 120  // a hang guard only
        let killed = LockedValue<ProcessResult?>(nil)
        Thread { [request] in
            let result = try? ChildProcess.run(request)
            killed.withLock { $0 = result }
        }.start()
        let ready = await pollUntil(timeout: 90) {
            FileManager.default.fileExists(atPath: work.pids + "/ready") || killed.withLock { $0 != nil }
        }
        let tool = pid_t(((try? String(contentsOfFile: work.pids + "/ready", encoding: .utf8)) ?? "")
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        try #require(ready && tool > 0, "the fake swiftc never ran")
        kill(tool, SIGKILL)
        #expect(await pollUntil(timeout: 60) { killed.withLock { $0 != nil } })
        let swiftc = FaultFixtures.recordedPids(in: work.pids)["swiftc"] ?? []
        expectNoneSurvive(swiftc, "swiftc")
        for pid in ProcessProbe.survivors(swiftc, timeout: 0) { kill(pid, SIGKILL) }  // a failed test leaves nothing
        // The killed run could not clean up: its folders are there, until the next run.
        #expect(work.leftInTemporaryFolder.contains { $0.hasPrefix("labrunner-") }, "\(work.leftInTemporaryFolder)")

        // A build folder of a live run (this test process) stays: only folders nobody holds go.
        let live = try BuildDirectory.makePrivate(in: work.tmp)
        defer { live.remove() }
        let liveName = (live.path as NSString).lastPathComponent
        try work.write("#!/bin/sh\nexit 1\n", to: work.swiftc)
        let next = try await LabRunnerCLI.run(["run", "--no-cache", lab], environment: work.environment)
        #expect(next.status == 2, "\(next.stdout)")
        #expect(work.leftInTemporaryFolder == [liveName, liveName + "/.lock"], "left: \(work.leftInTemporaryFolder)")
    }
}
