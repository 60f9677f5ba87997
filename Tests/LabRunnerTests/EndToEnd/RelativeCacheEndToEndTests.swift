import Foundation
import Testing
@testable import LabRunner

/// A relative `--cache-dir` or `HOME` used to fail every lab: the cached executable was started
/// by a relative path ("an absolute path to the executable is required").
@Suite struct RelativeCacheEndToEndTests {
    @Test func aRelativeCacheDirAndARelativeHomeWork() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("```swift\nprint(\"relative\")\n```\n```output\nrelative\n```\n".utf8)
            .write(to: URL(fileURLWithPath: folder + "/lab.md"))
        let explicit = try await LabRunnerCLI.run(["run", "--cache-dir", "home/.cache/labrunner", "lab.md"], in: folder)
        #expect(explicit.status == 0, "\(explicit.stdout)")
        #expect(FileManager.default.fileExists(atPath: folder + "/home/.cache/labrunner/entries"))
        // The same cache through HOME (an empty XDG_CACHE_HOME is ignored): a hit, and it runs.
        let throughHome = try await LabRunnerCLI.run(["run", "lab.md"], in: folder, environment: ["HOME": "home", "XDG_CACHE_HOME": ""])
        #expect(throughHome.status == 0, "\(throughHome.stdout)")
    }

    @Test func cacheFoldersAreMadeAbsolute() {
        let current = FileManager.default.currentDirectoryPath
        #expect(CompileCache(directory: "rel/cache").directory == current + "/rel/cache")
        #expect(CompileCache(directory: "/abs").directory == "/abs")
        #expect(CompileCache.defaultDirectory(environment: ["HOME": "rel"]) == current + "/rel/.cache/labrunner")
    }
}
