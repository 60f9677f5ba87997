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

    @Test func aMissingCompilerIsOneLineAndStatus2() throws {
        let result = try LabRunnerCLI.run(["run", "tiny.md"], in: FaultFixtures.folder,
                                          environment: ["SWIFTC": "/nonexistent/swiftc"])
        #expect(result.status == 2)
        #expect(result.stderr == "labrunner: error: SWIFTC=/nonexistent/swiftc: no such file; point SWIFTC at a swiftc binary or unset it to search PATH\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aCompilerWithoutExecutePermissionIsOneLineAndStatus2() throws {
        let fake = try fakeCompiler("#!/bin/sh\nexit 0\n", executable: false)
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let result = try LabRunnerCLI.run(["run", "tiny.md"], in: FaultFixtures.folder, environment: ["SWIFTC": fake.path])
        #expect(result.status == 2)
        #expect(result.stderr == "labrunner: error: SWIFTC=\(fake.path) is not an executable file; point SWIFTC at a swiftc binary or unset it to search PATH\n")
    }

    @Test func aCrashingCompilerIsNamedWithItsSignalAndStatus2() throws {
        let fake = try fakeCompiler("#!/bin/sh\necho $$ > \"$LABRUNNER_TEST_PIDS/swiftc.pids\"\nkill -SEGV $$\n")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let run = try FaultRun.run(["run", "--no-cache", "tiny.md"], environment: ["SWIFTC": fake.path])
        #expect(run.result.status == 2, "\(run.result.stdout)")
        #expect(run.result.stdout.contains("  FAIL  swiftc \(fake.path) crashed: killed by SIGSEGV; the lab was not checked\n"))
        #expect(!run.result.stdout.contains("Stack dump") && !run.result.stderr.contains("Fatal error"))
        #expect(run.result.stdout.contains("\n\n1 file could not be checked\n"))
        expectNoneSurvive(run.pids["swiftc"], "swiftc")
    }

    @Test func aCompilerFailingWithGarbageIsNamedWithItsLastLines() throws {
        let fake = try fakeCompiler("#!/bin/sh\necho $$ > \"$LABRUNNER_TEST_PIDS/swiftc.pids\"\nprintf 'garbage \\377\\376 from a broken compiler\\n' >&2\nexit 1\n")
        defer { try? FileManager.default.removeItem(atPath: fake.folder) }
        let run = try FaultRun.run(["run", "--no-cache", "tiny.md"], environment: ["SWIFTC": fake.path])
        #expect(run.result.status == 2, "\(run.result.stdout)")
        #expect(run.result.stdout.contains("  FAIL  swiftc \(fake.path) exited with status 1 without an error message; the lab was not checked\n"))
        #expect(run.result.stdout.contains("        swiftc printed:\n          garbage \u{FFFD}\u{FFFD} from a broken compiler\n"))
        expectNoneSurvive(run.pids["swiftc"], "swiftc")
    }
}
