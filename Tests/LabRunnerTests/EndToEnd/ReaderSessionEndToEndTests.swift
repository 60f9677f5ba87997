import Foundation
import Testing
@testable import LabRunner

/// A reader's session through the built tool and swiftc: statements that changed what a sample
/// reads run before it, what they print is not its output, top-level tasks finish, and a sample
/// that fails only for Swift 6 strict concurrency says so.
@Suite struct ReaderSessionEndToEndTests {
    @Test func aContinuedSessionRunsAsTheReaderRanIt() async throws {
        let listed = try await LabRunnerCLI.run(["list", "guide-samples/session.md"])
        #expect(listed.status == 0, "\(listed.stderr)")
        GoldenText.expect(listed.stdout, equals: GuideListingTests.sessionListing)

        let ran = try await LabRunnerCLI.run(["run", "--verbose", "guide-samples/session.md"])
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        // The fruits with "grapes", the deinitializer after the earlier assignments (whose
        // "is being initialized" is theirs), "Hello Guest" from a task, and 42 without what the
        // earlier sample's task printed.
        for line in [19, 59, 66, 82] {
            #expect(ran.stdout.contains("  PASS  line \(line): ran, output as expected\n"), "\(ran.stdout)")
        }
        #expect(ran.stdout.hasSuffix("12 passed, 0 failed, 0 skipped\n"), "\(ran.stdout)")
    }

    /// A task kept in an optional `var` is tracked as one kept in a `let`.
    @Test func aTaskInAnOptionalVariableIsTracked() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = """
            ```swift
            var handle: Task<Int, Never>? = Task {
                print("working")
                return 1
            }
            ```

            ```swift
            print(await handle!.value)
            // Prints "1"
            ```

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/handle.md"))
        let ran = try await LabRunnerCLI.run(["run", "handle.md"], in: folder)
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        #expect(ran.stdout.hasSuffix("2 passed, 0 failed, 0 skipped\n"), "\(ran.stdout)")
    }

    /// An earlier statement that traps (the book's overflow example, split in two) stops the
    /// program before the sample starts: the sample could not be checked, and the report says where.
    @Test func anEarlierStatementThatStopsTheProgramSkipsTheSample() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = """
            ```swift
            var potentialOverflow = Int16.max
            ```

            ```swift
            potentialOverflow += 1
            // this causes an error
            ```

            ```swift
            print(potentialOverflow)
            // Prints "32767"
            ```

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/overflow.md"))
        let ran = try await LabRunnerCLI.run(["run", "overflow.md"], in: folder)
        #expect(ran.status == 0, "\(ran.stdout)\(ran.stderr)")
        #expect(ran.stdout.contains("""
              skipped: the earlier statements it runs first (line 6) stopped the program before it started (line 10)

            """), "\(ran.stdout)")
    }

    /// The Swift book's `static var storedTypeProperty`: an error in Swift 6 mode with a note
    /// saying why; the same file read as Swift 5 (its front matter) passes.
    @Test func aSwift5GlobalSaysWhichLanguageModeReadsIt() async throws {
        let ran = try await LabRunnerCLI.run(["run", "guide-samples/swift5-globals.md"])
        #expect(ran.status == 1, "\(ran.stdout)\(ran.stderr)")
        #expect(ran.stdout.contains("""
            guide-samples/swift5-globals.md:5:16: error: static property 'storedTypeProperty' is not concurrency-safe
            """), "\(ran.stdout)")
        #expect(ran.stdout.contains("""
            guide-samples/swift5-globals.md:5:16: note: every error here is Swift 6 strict concurrency checking, \
            a warning at most in Swift 5 mode; 'swift-version: 5' in .labrunner or the front matter checks the file as Swift 5

            """), "\(ran.stdout)")

        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = try String(contentsOfFile: LabRunnerCLI.fixtures + "/guide-samples/swift5-globals.md", encoding: .utf8)
        try Data(("---\nswift-version: 5\n---\n" + text).utf8).write(to: URL(fileURLWithPath: folder + "/globals.md"))
        let asSwift5 = try await LabRunnerCLI.run(["run", "globals.md"], in: folder)
        #expect(asSwift5.status == 0, "\(asSwift5.stdout)\(asSwift5.stderr)")
        #expect(asSwift5.stdout.hasSuffix("2 passed, 0 failed, 0 skipped\n"), "\(asSwift5.stdout)")
    }
}
