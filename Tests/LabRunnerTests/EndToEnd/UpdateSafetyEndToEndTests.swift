import Foundation
import Testing
@testable import LabRunner

/// `run --update` when the lab cannot or must not be written: the built tool, real failures
/// (permissions, an edit while the lab runs, a file size limit, signals), and the lab afterwards.
/// Not serialized: the lab is compiled once into the tests' shared cache (kept across runs), so
/// the tests run side by side instead of one after the other at the end of the suite.
@Suite struct UpdateSafetyEndToEndTests {
    /// One lab for every test, so it compiles once. What it does besides printing a long
    /// transcript (1000 lines, about 62 KB, several times the file size limit below, which is all
    /// it needs: more lines only cost CPU) is chosen by the environment.
    private static let lab = """
        # Update safety

        ```swift
        let labEnvironment = ProcessInfo.processInfo.environment
        if let path = labEnvironment["EDIT_LAB_WHILE_RUNNING"] {
            try! Data("saved by an editor while the lab ran\\n".utf8).write(to: URL(fileURLWithPath: path))
        }
        if labEnvironment["TERMINATE_RUNNER_WHILE_RUNNING"] != nil {
            // labrunner spawned this process itself, so the parent is the tool.
            kill(getppid(), SIGTERM)
            Thread.sleep(forTimeInterval: 60)
        }
        for i in 1...1000 { print("line \\(i): a transcript long enough to pass the file size limit") }
        ```
        ```output
        old
        ```

        """

    /// A folder holding `lab.md`; removed by the caller.
    private func makeLab() throws -> (folder: String, path: String) {
        let folder = try LabRunnerCLI.temporaryDirectory()
        let path = folder + "/lab.md"
        try Data(Self.lab.utf8).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    private func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    private func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// The tool under `/bin/sh -c script`, which ends by exec-ing it with `arguments` ("$0" is
    /// the tool): the shell sets limits and signal dispositions the tool then inherits.
    private func runUnderShell(_ script: String, in folder: String) async throws -> (ProcessTermination, String) {
        let request = ProcessRequest(executable: "/bin/sh", arguments: ["-c", script, LabRunnerCLI.binary],
                                     environment: LabRunnerCLI.environment(), workingDirectory: folder,
                                     timeout: 300, outputLimit: 8 << 20)
        let result = try await ChildProcess.runOnOwnThread(request)
        return (result.termination, String(decoding: result.stdout, as: UTF8.self))
    }

    @Test func aReadOnlyLabIsLeftByteForByteAndTheReportSaysWhy() async throws {
        let (folder, path) = try makeLab()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        chmod(path, 0o444)
        let refused = try await LabRunnerCLI.run(["run", "--update", "lab.md"], in: folder)
        #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.contains("cannot update \(path): it is read-only; the file is unchanged"), "\(refused.stdout)")
        #expect(!refused.stdout.contains("UPDATED"))
        #expect(contents(path) == Self.lab)
        var info = stat()
        stat(path, &info)
        #expect(info.st_mode & 0o7777 == 0o444)
        #expect(entries(folder) == ["lab.md"])

        // The same run on a writable copy does update: the refusal came from the mode alone.
        chmod(path, 0o644)
        let updated = try await LabRunnerCLI.run(["run", "--update", "lab.md"], in: folder)
        #expect(updated.status == 0, "\(updated.stdout)")
        #expect(contents(path)?.contains("line 1000: a transcript") == true)
    }

    /// The lab itself overwrites its file while it runs: strictly after the tool read it and
    /// before the tool writes, with no timing involved.
    @Test func aLabEditedWhileItRanKeepsTheEdit() async throws {
        let (folder, path) = try makeLab()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await LabRunnerCLI.run(FaultFixtures.unsealed(["run", "--update", "lab.md"]), in: folder,
                                          environment: ["EDIT_LAB_WHILE_RUNNING": path])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("\(path) changed on disk since it was read; not updated (run again)"), "\(result.stdout)")
        #expect(contents(path) == "saved by an editor while the lab ran\n")
        #expect(entries(folder) == ["lab.md"])
    }

    /// A full disk, for real: with a file size limit below the new lab's size, write(2) fails
    /// with EFBIG (SIGXFSZ ignored). The first run, without the limit, fills the compile cache,
    /// so the limited run writes nothing but the lab. Unsealed: the sandbox's copy of the
    /// executable would meet the limit first.
    @Test func aFailedWriteLeavesTheLabAndNoTemporaryFile() async throws {
        let (folder, path) = try makeLab()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let warm = try await LabRunnerCLI.run(["run", "lab.md"], in: folder)
        #expect(warm.status == 1, "\(warm.stdout)\(warm.stderr)")

        let (termination, stdout) = try await runUnderShell("trap '' XFSZ; ulimit -f 16; exec \"$0\" run --no-sandbox --update lab.md", in: folder)
        #expect(termination == .exited(1), "\(stdout)")
        #expect(stdout.contains("cannot update \(path): \(String(cString: strerror(EFBIG))); the file is unchanged"), "\(stdout)")
        #expect(contents(path) == Self.lab)
        #expect(entries(folder) == ["lab.md"])
    }

    /// Killed in the middle of writing the temporary file (SIGXFSZ's default action, which no
    /// handler can catch, like SIGKILL): the lab keeps its old bytes. Only a temporary file can
    /// be left behind, named after the lab and hidden; nothing removes it after a hard kill.
    @Test func killedWhileWritingTheLabKeepsItsOldBytes() async throws {
        let (folder, path) = try makeLab()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let warm = try await LabRunnerCLI.run(["run", "lab.md"], in: folder)
        #expect(warm.status == 1, "\(warm.stdout)\(warm.stderr)")

        let (termination, stdout) = try await runUnderShell("ulimit -c 0; ulimit -f 16; exec \"$0\" run --no-sandbox --update lab.md", in: folder)
        #expect(termination == .signaled(SIGXFSZ), "\(stdout)")
        #expect(contents(path) == Self.lab)
        let leftovers = entries(folder).filter { $0 != "lab.md" }
        #expect(leftovers.count <= 1)
        #expect(leftovers.allSatisfy { $0.hasPrefix(".lab.md.labrunner-") }, "\(leftovers)")
    }

    /// SIGTERM while the lab runs (sent by the lab, so it lands deterministically after the
    /// read and before the write): exit 143, the lab as it was, nothing left beside it.
    @Test func terminatedWhileTheLabRunsLeavesTheLabAsItWas() async throws {
        let (folder, path) = try makeLab()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await LabRunnerCLI.run(FaultFixtures.unsealed(["run", "--update", "lab.md"]), in: folder,
                                          environment: ["TERMINATE_RUNNER_WHILE_RUNNING": "1"])
        #expect(result.status == 128 + SIGTERM, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("labrunner: interrupted"))
        #expect(contents(path) == Self.lab)
        #expect(entries(folder) == ["lab.md"])
    }
}
