import Foundation
import Testing
@testable import LabRunner

/// A `.labrunner` at the root of Fixtures/config-tree: Swift 5 mode and `import RegexBuilder`
/// for every file below it, `drafts` left out; `strict/override.md`'s front matter sets Swift 6
/// again, where its sample does not compile.
@Suite struct ConfigEndToEndTests {
    @Test func theConfigurationSetsModeAndImportsAndFrontMatterOverridesIt() async throws {
        let result = try await LabRunnerCLI.run(["run", "config-tree"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("config-tree/guide.md\n  PASS  2 samples: 2 passed\n"), "\(result.stdout)")
        #expect(result.stdout.contains("config-tree/strict/override.md:9:16: error: static property 'count' is not concurrency-safe"))
        #expect(!result.stdout.contains("unfinished.md"), "exclude: drafts leaves the folder out")
        #expect(result.stdout.hasSuffix("\n2 passed, 1 failed, 0 skipped\n"))

        let listing = try await LabRunnerCLI.run(["list", "config-tree/strict/override.md"])
        #expect(listing.stdout.contains("  swift-version: 6 (from front matter)\n  imports: RegexBuilder (from config-tree/.labrunner)\n"),
                "\(listing.stdout)")
    }

    /// A broken `.labrunner` stops the run before anything is built, once however many files it covers.
    @Test func aBrokenConfigurationIsAnInputErrorOfTheRun() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/.git", withIntermediateDirectories: true)
        try Data("swift-version: 5\ntimout: 3\n".utf8).write(to: URL(fileURLWithPath: folder + "/.labrunner"))
        for name in ["a.md", "b.md"] {
            try Data("# Guide\n\n```swift\nlet x = 1\n```\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        }
        let result = try await LabRunnerCLI.run(["run", "."], in: folder)
        #expect(result.status == 2)
        #expect(result.stderr == ".labrunner:2:1: error: unknown key 'timout' in .labrunner; did you mean 'timeout'? "
                + "(it reads swift-version, swiftc-flags, imports, package, bare, timeout, exclude)\n    timout: 3\n    ^\n",
                "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
