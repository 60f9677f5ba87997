import Foundation
import Testing
@testable import LabRunner

/// A swiftc that is missing, not executable, crashing or failing without a message: one line
/// naming its path, exit status 2 (the setup, not the lab, needs fixing), no stack trace.
@Suite struct CompilerFaultEndToEndTests {
    /// A folder holding one fake compiler script, removed by the caller.
    private func fakeCompiler(_ script: String, executable: Bool = true) throws -> (folder: String, path: String) {
        let folder = try LabRunnerCLI.temporaryDirectory()
        let path = folder + "/swiftc"
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, executable ? 0o755 : 0o644)
        return (folder, path)
    }

    @Test func aMissingCompilerIsOneLineAndStatus2() async throws {
        let result = try await LabRunnerCLI.run(["run", "tiny.md"], in: FaultFixtures.folder,
                                          environment: ["SWIFTC": "/nonexistent/swiftc"])
        #expect(result.status == 2)
        #expect(result.stderr == "labrunner: error: SWIFTC=/nonexistent/swiftc: no such file; point SWIFTC at a swiftc binary or unset it to search PATH\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aCompilerWithoutExecutePermissionIsOneLineAndStatus2() async throws {
        let fake = try fakeCompiler("#!/bin/sh\nexit 0\n", executable: false)
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let result = try await LabRunnerCLI.run(["run", "tiny.md"], in: FaultFixtures.folder, environment: ["SWIFTC": fake.path])
        #expect(result.status == 2)
        #expect(result.stderr == "labrunner: error: SWIFTC=\(fake.path) is not an executable file; point SWIFTC at a swiftc binary or unset it to search PATH\n")
    }

    @Test func aCrashingCompilerIsNamedWithItsSignalAndStatus2() async throws {
        let fake = try fakeCompiler("#!/bin/sh\necho $$ > \"$LABRUNNER_TEST_PIDS/swiftc.pids\"\nkill -SEGV $$\n")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let run = try await FaultRun.run(["run", "--no-cache", "tiny.md"], environment: ["SWIFTC": fake.path])
        #expect(run.result.status == 2, "\(run.result.stdout)")
        #expect(run.result.stdout.contains("  FAIL  swiftc \(fake.path) crashed: killed by SIGSEGV; the file was not checked\n"))
        #expect(!run.result.stdout.contains("Stack dump") && !run.result.stderr.contains("Fatal error"))
        #expect(run.result.stdout.contains("\n\n1 file could not be checked\n"))
        expectNoneSurvive(run.pids["swiftc"], "swiftc")
    }

    @Test func aCompilerFailingWithGarbageIsNamedWithItsLastLines() async throws {
        let fake = try fakeCompiler("#!/bin/sh\necho $$ > \"$LABRUNNER_TEST_PIDS/swiftc.pids\"\nprintf 'garbage \\377\\376 from a broken compiler\\n' >&2\nexit 1\n")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let run = try await FaultRun.run(["run", "--no-cache", "tiny.md"], environment: ["SWIFTC": fake.path])
        #expect(run.result.status == 2, "\(run.result.stdout)")
        #expect(run.result.stdout.contains("  FAIL  swiftc \(fake.path) exited with status 1 without an error message; the file was not checked\n"))
        #expect(run.result.stdout.contains("        swiftc printed:\n          garbage \u{FFFD}\u{FFFD} from a broken compiler\n"))
        expectNoneSurvive(run.pids["swiftc"], "swiftc")
    }
}

/// `--compile-timeout`: a swiftc that does not finish in time is stopped, with everything it
/// started, and the lab fails as one that did not compile (the lab's program is what is slow to
/// compile; exit 1), saying which limit it hit.
@Suite struct CompileTimeoutEndToEndTests {
    @Test func aCompileOverTheLimitIsStoppedAndReportedAsSuch() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/swiftc"
        let script = """
        #!/bin/sh
        if [ "$1" = "--version" ]; then echo "fake swiftc 1.0"; exit 0; fi
        /bin/sleep 60 &
        echo "$$ $!" > "$LABRUNNER_TEST_PIDS/swiftc.pids"
        wait

        """
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o755)
        let run = try await FaultRun.run(["run", "--no-cache", "--compile-timeout", "0.5", "tiny.md"], environment: ["SWIFTC": path])
        #expect(run.result.status == 1, "\(run.result.stdout)\(run.result.stderr)")
        #expect(run.result.stdout.contains("error: swiftc did not finish within 0.5 s, the compile time limit (--compile-timeout)"),
                "\(run.result.stdout)")
        #expect(run.result.stdout.contains(": did not compile (1 error)"), "\(run.result.stdout)")
        expectNoneSurvive(run.pids["swiftc"], "swiftc")
    }

    @Test func theLimitIsAPositiveNumberOfSeconds() async throws {
        let result = try await LabRunnerCLI.run(["run", "--compile-timeout", "0", "tiny.md"], in: FaultFixtures.folder)
        #expect(result.status == 2)
        #expect(result.stderr.contains("bad value '0' for '--compile-timeout'"), "\(result.stderr)")
    }
}
