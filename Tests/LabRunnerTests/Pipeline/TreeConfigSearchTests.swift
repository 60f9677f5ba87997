import Foundation
import Testing
@testable import LabRunner

/// Which `.labrunner` applies to a file: the nearest above it, never above the repository's root.
struct TreeConfigSearchTests {
    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func theNearestFileAppliesAndTheSearchStopsAtTheRepositoryRoot() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("swift-version: 5\n", to: root + "/.labrunner")                   // above the repository: never read
        try FileManager.default.createDirectory(atPath: root + "/repo/.git", withIntermediateDirectories: true)
        try write("imports: RegexBuilder\n", to: root + "/repo/docs/.labrunner")
        try write("swift-version: 4.2\n", to: root + "/repo/docs/old/.labrunner")
        let search = TreeConfigSearch(workingDirectory: root + "/repo")
        #expect(try search.config(for: "docs/guide.md")?.imports == ["RegexBuilder"])
        #expect(try search.config(for: "docs/deep/er/guide.md")?.path == "docs/.labrunner")
        let nearest = try search.config(for: "docs/old/guide.md")
        #expect(nearest?.settings.swiftVersion == "4.2")
        #expect(nearest?.imports == [])  // files are not merged
        #expect(try search.config(for: "README.md") == nil)
        #expect(try search.config(for: root + "/repo/docs/guide.md")?.path == "docs/.labrunner")
    }

    @Test func anErrorNamesTheConfigurationsLineAndExcludeIsRelativeToIt() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try write("exclude: drafts\n", to: root + "/docs/.labrunner")
        try write("\ntimeuot: 3\n", to: root + "/bad/.labrunner")
        let search = TreeConfigSearch(workingDirectory: root)
        #expect(search.excludes("docs/drafts/a.md"))
        #expect(search.excludes(root + "/docs/drafts/b/c.md"))
        #expect(!search.excludes("docs/a.md"))
        #expect(!search.excludes("drafts/a.md"))
        let error = #expect(throws: LabError.self) { try search.config(for: "bad/a.md") }
        #expect(error?.description == "bad/.labrunner:2:1: error: unknown key 'timeuot' in .labrunner; did you mean 'timeout'? "
                + "(it reads swift-version, swiftc-flags, imports, package, bare, timeout, exclude)")
    }
}
