import Foundation
import Testing
@testable import LabRunner

/// Lab paths with spaces, quotes, non-ASCII and shell syntax, through run, extract and list.
/// Processes are spawned from argument arrays, so nothing in a path is ever executed: the
/// payloads touch `$PWNED`, an absolute path outside every folder a child runs in, which a shell
/// anywhere along the way would expand and create.
@Suite struct SpecialPathEndToEndTests {
    static let folderName = #"labs é 日本 'single' "double" $(touch "$PWNED") `touch "$PWNED"`; touch "$PWNED";"#
    static let labName = #"lab "q" 'é' 日本 $(touch "$PWNED") & touch "$PWNED".md"#
    static let brokenName = #"broken "q" 日本.md"#

    static let lab = """
    ```swift
    print("hi from \\(Lab.scenario)")
    ```
    ```output
    hi from [..]
    ```

    """
    static let broken = "# Broken\n\n- step\n  ```swift\n  let n: Int = \"three\"\n  ```\n"

    @Test func runExtractAndListWorkAndExecuteNothing() async throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folder = root + "/" + Self.folderName
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(Self.lab.utf8).write(to: URL(fileURLWithPath: folder + "/" + Self.labName))
        try Data(Self.broken.utf8).write(to: URL(fileURLWithPath: folder + "/" + Self.brokenName))
        let labPath = Self.folderName + "/" + Self.labName
        let environment = ["PWNED": root + "/pwned"]
        let brokenPath = Self.folderName + "/" + Self.brokenName

        // Both labs compile at once; the broken one reports at its own path, column and line.
        let run = try await LabRunnerCLI.run(["run", Self.folderName], in: root, environment: environment)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("\(labPath)\n  PASS  mock"))
        #expect(run.stdout.contains("\(brokenPath):5:16: error: cannot convert value of type 'String' to specified type 'Int'\n      let n: Int = \"three\"\n                   ^\n"))
        // The broken lab has no output blocks: a file that only has to compile, one failed test.
        #expect(run.stdout.hasSuffix("\n3 passed, 1 failed, 0 skipped\n"))

        let extracted = try await LabRunnerCLI.run(["extract", labPath], in: root, environment: environment)
        #expect(extracted.status == 0)
        #expect(extracted.stdout.contains("#sourceLocation(file: \(SwiftLiteral.string(labPath)), line: 2)\n"))

        let listed = try await LabRunnerCLI.run(["list", labPath], in: root, environment: environment)
        #expect(listed.status == 0)
        #expect(listed.stdout.hasPrefix(labPath + "\n"))

        let everything = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
        #expect(Set(everything) == [Self.folderName, labPath, brokenPath])
        #expect(!FileManager.default.fileExists(atPath: root + "/pwned"))
    }
}
