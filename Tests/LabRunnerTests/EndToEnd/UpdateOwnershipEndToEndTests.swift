import Foundation
import Testing
@testable import LabRunner

/// An ordinary user allowed to write another user's lab (mode 0666) cannot give the new file the
/// lab's owner: `--update` refuses instead of making the lab theirs. Run as `nobody` through
/// `setpriv`, so it needs root and util-linux.
@Suite(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
struct UpdateOwnershipEndToEndTests {
    @Test func anOrdinaryUserCannotTakeAnotherUsersLab() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        chmod(folder, 0o777)
        let lab = "```swift\nprint(\"new\")\n```\n```output\nold\n```\n"
        try Data(lab.utf8).write(to: URL(fileURLWithPath: folder + "/lab.md"))
        chmod(folder + "/lab.md", 0o666)
        // nobody's compile cache, kept from one `swift test` to the next beside the shared cache
        // (root's, which nobody's run would refuse): the lab is compiled by the first run only.
        let cache = (LabRunnerCLI.sharedCache as NSString).deletingLastPathComponent + "/labrunner-tests-folders/nobody-cache"
        try FileManager.default.createDirectory(atPath: cache, withIntermediateDirectories: true)
        #expect(chown(cache, 65534, 65534) == 0)
        let request = ProcessRequest(
            executable: "/usr/bin/setpriv",
            arguments: ["--reuid=65534", "--regid=65534", "--clear-groups", LabRunnerCLI.binary, "run", "--update", "--cache-dir", cache, "lab.md"],
            // nobody cannot write into the tests' shared module cache: its own is in its cache.
            environment: LabRunnerCLI.environment(LabRunnerCLI.withoutSharedModuleCache.merging(["HOME": folder, "TMPDIR": "/tmp"]) { $1 }),
            workingDirectory: folder, timeout: 300)
        let result = try await ChildProcess.runOnOwnThread(request)
        let stdout = String(decoding: result.stdout, as: UTF8.self)
        #expect(result.termination == .exited(1), "\(stdout)\(String(decoding: result.stderr, as: UTF8.self))")
        #expect(stdout.contains("it belongs to another user or group, which the updated file could not keep; the file is unchanged"), "\(stdout)")
        #expect(try String(contentsOfFile: folder + "/lab.md", encoding: .utf8) == lab)
        var info = stat()
        stat(folder + "/lab.md", &info)
        #expect(info.st_uid == 0 && info.st_mode & 0o777 == 0o666)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["lab.md"])
    }
}
