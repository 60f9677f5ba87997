import Foundation
import Testing
@testable import LabRunner

/// Special files given as labs, through the built tool: one line, exit 2, no hang, no backtrace.
@Suite struct SpecialFileEndToEndTests {
    @Test(arguments: ["list", "extract", "run"])
    func devZeroIsAnInputError(command: String) async throws {
        let result = try await LabRunnerCLI.run([command, "/dev/zero"])
        #expect(result.status == 2)
        // `run` reports it among the labs, on stdout; `list` and `extract` on stderr.
        let said = command == "run" ? result.stdout : result.stderr
        #expect(said.contains("/dev/zero: error: cannot read lab: not a regular file (it is a character device); a lab is a Markdown file\n"), "\(said)")
        #expect(CrashSigns.found(in: result).isEmpty)
    }

    /// A FIFO among the labs of a folder is named, not waited on.
    @Test func aFIFONamedLikeALabDoesNotHang() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/pipe.md", 0o600) == 0)
        let listed = try await LabRunnerCLI.run(["list", "pipe.md"], in: folder)
        #expect(listed.status == 2)
        #expect(listed.stderr.hasPrefix("pipe.md: error: cannot read lab: not a regular file (it is a named pipe (FIFO))"))
        let ran = try await LabRunnerCLI.run(["run", "."], in: folder)
        #expect(ran.status == 2)
        #expect(ran.stdout.contains("./pipe.md") && ran.stdout.contains("not a regular file"), "\(ran.stdout)\(ran.stderr)")
    }
}
