import Foundation
import Testing

/// A blog post written for a site generator is checked as it is: its front matter's own keys
/// (YAML lists, block scalars, nested maps) are left alone, and its sample runs.
@Suite struct SiteGeneratorEndToEndTests {
    @Test func aJekyllPostAndItsSampleAreChecked() async throws {
        let result = try await LabRunnerCLI.run(["run", "guide/jekyll-post.md", "--scenario", "mock"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("guide/jekyll-post.md  Counting with a struct"))
        #expect(result.stdout.contains("PASS  mock"))
        #expect(result.stdout.hasSuffix("\n1 passed, 0 failed, 0 skipped\n"))
    }
}
