import Foundation
import Testing
@testable import LabRunner

/// Issue 21: `--no-cache` keeps the module cache in a private folder of the run; one that could
/// not be made was dropped without a word (`try?`) and every lab then failed on its own.
@Suite struct NoCacheFolderEndToEndTests {
    @Test func aNoCacheFolderThatCannotBeMadeIsOneEnvironmentError() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("```swift\nprint(\"hi\")\n```\n```output\nhi\n```\n".utf8).write(to: URL(fileURLWithPath: folder + "/lab.md"))
        let result = try await LabRunnerCLI.run(["run", "--no-cache", "lab.md"], in: folder, environment: ["TMPDIR": folder + "/missing"])
        #expect(result.status == 2)
        #expect(result.stderr == "labrunner: error: --no-cache: cannot create a private build folder: mkdtemp in \(folder)/missing: No such file or directory\n")
        #expect(!result.stdout.contains("FAIL"), "\(result.stdout)")
    }
}
