import Foundation
import Testing
@testable import LabRunner

/// The marker nonce sat in the lab's environment, so a lab could read it and forge cell markers
/// although docs/design.md says it cannot; and `exit(0)` in the last cell gave a warning about
/// the prelude.
@Suite struct PreludeEndToEndTests {
    static let lab = """
        ```swift
        import Foundation
        let seen = ProcessInfo.processInfo.environment["LABRUNNER_MARKER"] ?? getenv("LABRUNNER_MARKER").map { String(cString: $0) } ?? "hidden"
        print("marker: \\(seen)")
        ```
        ```output
        marker: hidden
        ```
        ```swift
        print("last")
        exit(0)
        ```
        ```output
        last
        ```

        """

    @Test func aLabCannotReadTheMarkerNonceAndExitWarnsAboutNothing() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(Self.lab.utf8).write(to: URL(fileURLWithPath: folder + "/lab.md"))
        let result = try await LabRunnerCLI.run(["run", "--verbose", "lab.md"], in: folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("will never be executed"), "\(result.stdout)")
        #expect(!result.stdout.contains("prelude"), "\(result.stdout)")
    }
}
