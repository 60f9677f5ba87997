import Foundation
import Testing

/// Issue 35: an exercise never stops being checked silently. A key's cell that prints but has
/// no output block used to become scratch (`--update` left it alone, the report said `PASS
/// exercise … checked`); now it fails at its line until its block is written, and `--update`
/// writes it. A stub check is PASS only when the solution passed every check in that run.
struct UncheckedCellEndToEndTests {
    static let key = """
        ---
        scenarios: mock
        ---
        <!-- labrunner: exercise id=twice points=1 -->
        ```swift
        func twice(_ x: Int) -> Int {
            #if SOLUTION
            return 2 * x
            #else
            return 0
            #endif
        }
        ```
        ```swift
        print(twice(3))
        ```
        <!-- labrunner: exercise id=thrice points=1 -->
        ```swift
        func thrice(_ x: Int) -> Int {
            #if SOLUTION
            return 3 * x
            #else
            return 0
            #endif
        }
        print(thrice(3))
        ```
        ```output
        ```

        """

    @Test func aCheckWithoutItsBlockFailsAtItsLineAndUpdateWritesIt() async throws {
        let folder = NSTemporaryDirectory() + "labrunner-unchecked-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Self.key.write(toFile: folder + "/key.md", atomically: true, encoding: .utf8)
        let run = try await LabRunnerCLI.run(["run", "key.md"], in: folder)
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("  FAIL  key.md:14: error: exercise 'twice': the cell at line 14 prints but has no output block, "
                                    + "so nothing checks it: write its output block (`run --update` writes it) or mark it ```swift scratch\n"),
                "\(run.stdout)")
        // Its empty block fails the solution: its stub check says nothing, and says so.
        #expect(run.stdout.contains("  SKIP  exercise 'thrice': stub not checked: the solution does not pass its own checks in this run"),
                "\(run.stdout)")
        #expect(!run.stdout.contains("PASS  exercise"), "\(run.stdout)")

        let update = try await LabRunnerCLI.run(["run", "--update", "key.md"], in: folder)
        #expect(update.status == 0 || update.status == 1, "\(update.stdout)\(update.stderr)")
        let written = try String(contentsOfFile: folder + "/key.md", encoding: .utf8)
        #expect(written.contains("print(twice(3))\n```\n```output\n6\n```\n"), "\(written)")
        #expect(written.contains("print(thrice(3))\n```\n```output\n9\n```\n"), "\(written)")
    }
}
