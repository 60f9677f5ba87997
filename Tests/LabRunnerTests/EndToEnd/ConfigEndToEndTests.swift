import Foundation
import Testing
@testable import LabRunner

/// A `.labrunner` at the root of Fixtures/config-tree: Swift 5 mode and `import RegexBuilder`
/// for every file below it, `drafts` left out; `strict/override.md`'s front matter sets Swift 6
/// again, where its sample does not compile.
@Suite struct ConfigEndToEndTests {
    @Test func theConfigurationSetsModeAndImportsAndFrontMatterOverridesIt() throws {
        let result = try LabRunnerCLI.run(["run", "config-tree"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("config-tree/guide.md\n  PASS  2 samples: 2 passed\n"), "\(result.stdout)")
        #expect(result.stdout.contains("config-tree/strict/override.md:9:16: error: static property 'count' is not concurrency-safe"))
        #expect(!result.stdout.contains("unfinished.md"), "exclude: drafts leaves the folder out")
        #expect(result.stdout.hasSuffix("\n2 passed, 1 failed\n"))

        let listing = try LabRunnerCLI.run(["list", "config-tree/strict/override.md"])
        #expect(listing.stdout.contains("  swift-version: 6 (from front matter)\n  imports: RegexBuilder (from config-tree/.labrunner)\n"),
                "\(listing.stdout)")
    }
}
