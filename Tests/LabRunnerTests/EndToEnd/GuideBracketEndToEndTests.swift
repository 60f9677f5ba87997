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

    /// An `#if` without its `#endif` is the sample's at its `#if`; a string left open is said once,
    /// by swiftc at the sample's line (the bracket check's own error at that place is not added);
    /// a `/*` never closed fails at its line, where the sample passed (the comment is no item of
    /// the program, so swiftc never saw it).
    @Test func anUnclosedIfAndStringAreTheSamples() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("""
            # Conditions

            ```swift
            #if DEBUG
            let level = 1
            ```

            ```swift
            let banner = \"\"\"
            Welcome
            ```

            ```swift
            let done = true /* the rest
            ```

            """.utf8).write(to: URL(fileURLWithPath: folder + "/guide.md"))
        let ran = try await LabRunnerCLI.run(["run", "guide.md"], in: folder)
        #expect(ran.status == 1)
        GoldenText.expect(ran.stdout, equals: """
            guide.md
            guide.md:4:1: error: '#if' is never closed by an '#endif' in this sample
                #if DEBUG
                ^
              FAIL  line 3: did not compile (1 error)
            guide.md:9:14: error: unterminated string literal
                let banner = \"\"\"
                             ^
              FAIL  line 8: did not compile (1 error)
            guide.md:14:17: error: unterminated '/*' comment
                let done = true /* the rest
                                ^
              FAIL  line 13: did not compile (1 error)
              FAIL  3 samples: 0 passed, 3 failed

            0 passed, 3 failed, 0 skipped

            """)
    }

    @Test(arguments: [
        ("#if DEBUG\nlet a = 1\n", 1),
        ("#if A\n#if B\n#endif\n", 1),
        ("#if A\n#endif\n#if B\nlet b = 2\n", 3),
        ("#if A\n#else\n#endif\n", nil),
        ("// #if in a comment\nlet s = \"#if\"\n", nil),
    ] as [(String, Int?)])
    func theFirstIfLeftOpen(code: String, line: Int?) {
        let bytes = Array(code.utf8)
        #expect(ConditionalBlocks.unclosed(SwiftLexer.tokens(in: bytes), in: bytes)?.line == line)
    }
}
