import Foundation
import Testing
@testable import LabRunner

/// A guide sample that leaves a `{` open is blamed at its own bracket, as a lab's cell is: swiftc
/// alone says `expected '}' in class` at the end of the program, which the report used to show as
/// `error: expected '}' in class (in the labrunner prelude)`, with no file and no line.
@Suite struct GuideBracketEndToEndTests {
    @Test func anUnclosedBraceIsTheSamplesAtItsLine() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The Swift book's shape: a class whose closing brace the first sample forgot.
        try Data("""
            # Counting

            ```swift
            class Counter {
                var count = 0
                func increment() {
                    count += 1
                }
            ```

            ```swift
            let counter = Counter()
            counter.increment()
            ```

            """.utf8).write(to: URL(fileURLWithPath: folder + "/guide.md"))
        let ran = try await LabRunnerCLI.run(["run", "guide.md"], in: folder)
        #expect(ran.status == 1)
        GoldenText.expect(ran.stdout, equals: """
            guide.md
            guide.md:4:15: error: '{' is never closed in this sample
                class Counter {
                              ^
            note: a sample must be complete: a later sample cannot close what it opens
              FAIL  line 3: did not compile (1 error)
              skipped: uses declarations of the sample at line 3, which do not compile (line 11)
              FAIL  2 samples: 0 passed, 1 skipped, 1 failed

            0 passed, 1 failed, 1 skipped

            """)
        #expect(!ran.stdout.contains("prelude"))
    }
}
