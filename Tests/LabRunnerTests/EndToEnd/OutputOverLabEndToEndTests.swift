import Foundation
import Testing
@testable import LabRunner

/// `extract x.md -o x.md`, `run --json x.md x.md` and `--junit x.md x.md` used to replace the lab;
/// `--json DIR` failed after the run with `NSCocoaErrorDomain error 512`. Each is now a usage
/// error before anything is compiled, and the lab keeps its bytes. Through the binary: the
/// exit status and the relative paths as typed; every case of `run` is in `RunSessionTests`.
@Suite struct OutputOverLabEndToEndTests {
    static let lab = "```swift\nprint(\"kept\")\n```\n```output\nkept\n```\n"

    @Test(arguments: [
        (["extract", "x.md", "-o", "x.md"], "-o x.md would overwrite the lab x.md; give another file"),
        (["run", "--junit", "./x.md", "."], "--junit ./x.md would overwrite the lab ./x.md; give another file"),
    ])
    func isAUsageErrorBeforeAnythingRuns(arguments: [String], message: String) async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.lab.utf8).write(to: URL(fileURLWithPath: folder + "/x.md"))
        #expect(symlink("x.md", folder + "/link.md") == 0)
        try FileManager.default.createDirectory(atPath: folder + "/reports", withIntermediateDirectories: false)
        let result = try await LabRunnerCLI.run(arguments, in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == "labrunner: error: \(message)\n")
        #expect(result.stdout.isEmpty, "nothing ran: \(result.stdout)")
        #expect(try String(contentsOfFile: folder + "/x.md", encoding: .utf8) == Self.lab)
    }
}
