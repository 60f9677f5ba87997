import Foundation
import Testing
@testable import LabRunner

/// What a lab says reaches the terminal without control characters, and `--timeout` takes only
/// a finite number of seconds in the documented range.
@Suite struct LabTextEndToEndTests {
    @Test func listAndRunPrintTitlesWithoutEscapeSequences() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("---\ntitle: \"\u{1B}[31mRed\u{1B}[0m title\"\n---\nprose\n".utf8).write(to: URL(fileURLWithPath: folder + "/lab.md"))
        let listed = try await LabRunnerCLI.run(["list", "lab.md"], in: folder)
        let ran = try await LabRunnerCLI.run(["run", "lab.md"], in: folder)
        for result in [listed, ran] {
            #expect(result.status == 0)
            #expect(result.stdout.contains("lab.md  [31mRed[0m title\n"), "\(result.stdout)")
            #expect(!result.stdout.utf8.contains(0x1B))
        }
    }

    @Test(arguments: ["inf", "1e6", "0x10", "nan", "0"])
    func timeoutOptionOutsideTheRangeIsAUsageError(value: String) async throws {
        let result = try await LabRunnerCLI.run(["run", "--timeout", value, "passing.md"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("labrunner: error: bad value '\(value)' for '--timeout': expected a number of seconds greater than 0 and at most 86400 (a day), such as 10 or 2.5\n"))
    }
}
