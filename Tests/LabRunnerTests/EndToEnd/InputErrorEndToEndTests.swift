import Foundation
import Testing
@testable import LabRunner

/// Bad input through the built tool: exit status 2, one message naming the file (and line and
/// column when there is one), the offending line, and nothing that looks like a crash. None of
/// these compile anything.
@Suite struct InputErrorEndToEndTests {
    @Test(arguments: ["run", "list", "extract"])
    func aMissingPathIsAnInputError(command: String) async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await LabRunnerCLI.run([command, "missing.md"], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("missing.md: error: cannot read lab: no such file"))
        #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(CrashSigns.found(in: result).isEmpty)
    }

    // A folder without labs and files without Swift cells: `RunSessionTests`, in-process.

    /// Errors the parser finds, as `run` reports them (stdout, with the lab) and as `list` and
    /// `extract` do (stderr): location, message, the line and a caret under the column.
    @Test(arguments: [
        (Array("# T\n\nline with bad ".utf8) + [0xFF] + Array(" byte\n".utf8),
         "lab.md:3:15: error: not valid UTF-8 at byte offset 19; save the lab as UTF-8",
         "                  ^"),
        (Array("```swift\nprint(\"a".utf8) + [0] + Array("\")\n```\n".utf8),
         "lab.md:2:9: error: NUL byte at byte offset 17: a lab is text (a file saved as UTF-16 is full of them); remove it or save the lab as UTF-8",
         "            ^"),
        (Array("# T\n\n- step\n  ```swift\n  print(1)\n".utf8),
         "lab.md:4:3: error: fence '```swift' is never closed, so it runs to the end of the file (line 5); add a closing '```' line where it should end",
         "      ^"),
        (Array("---\ntitle: T\n".utf8),
         "lab.md:1:1: error: front matter opened with '---' is never closed; add a line '---' after its last key",
         "    ^"),
        (Array("```swift\nprint(1)\n```\n```output mock emtpy\n1\n```\n".utf8),
         "lab.md:4:16: error: output block names scenario 'emtpy', which the lab does not declare; did you mean 'empty'? (scenarios: mock, empty, failing)",
         "                   ^"),
    ] as [([UInt8], String, String)])
    func parserErrorsNameFileLineAndColumn(bytes: [UInt8], message: String, caret: String) async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/lab.md"))

        let run = try await LabRunnerCLI.run(["run", "lab.md"], in: folder)
        #expect(run.status == 2)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(2)) == ["lab.md", message])
        #expect(lines.count > 3 && lines[3] == caret, "\(run.stdout)")
        #expect(run.stdout.hasSuffix("\n\n1 file could not be checked\n0 passed, 0 failed, 0 skipped\n"))
        #expect(!run.stdout.contains("FAIL"))
        #expect(CrashSigns.found(in: run).isEmpty)

        for command in ["list", "extract"] {
            let result = try await LabRunnerCLI.run([command, "lab.md"], in: folder)
            #expect(result.status == 2)
            #expect(result.stdout.isEmpty)
            let errorLines = result.stderr.split(separator: "\n").map(String.init)
            #expect(errorLines.count == 3 && errorLines.first == message && errorLines.last == caret, "\(result.stderr)")
        }
    }
}
