import Foundation
import Testing
@testable import LabRunner

/// `run` writes nothing outside its build folders (removed again), the compile cache and, with
/// `--update`, the labs it was given: with TMPDIR, HOME and XDG_CACHE_HOME pointed at fresh
/// folders and the working directory at another, every file under all of them is compared
/// before and after.
@Suite struct FileFootprintEndToEndTests {
    static let lab = "```swift\nprint(\"footprint \\(Lab.scenario)\")\n```\n```output\nstale\n```\n"

    @Test func onlyTheCacheGainsFilesAndOnlyUpdateChangesTheLab() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folders = ["tmp", "home", "xdg", "cwd", "labs"].map { root + "/" + $0 }
        for folder in folders { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        let (tmp, home, xdg, cwd, labs) = (folders[0], folders[1], folders[2], folders[3], folders[4])
        let labPath = labs + "/lab.md"
        try Data(Self.lab.utf8).write(to: URL(fileURLWithPath: labPath))
        let environment = ["TMPDIR": tmp, "HOME": home, "XDG_CACHE_HOME": xdg]
        func run(_ arguments: [String]) throws -> LabRunnerCLI.Result {
            try LabRunnerCLI.run(["run"] + arguments + [labPath], in: cwd, environment: environment)
        }
        let labsBefore = FileTreeSnapshot(labs)

        // Without a cache: nothing anywhere, not even swiftc's module cache.
        let uncached = try run(["--no-cache"])
        #expect(uncached.status == 1, "\(uncached.stdout)")
        for folder in folders where folder != labs { #expect(FileTreeSnapshot(folder).entries.isEmpty, "\(folder)") }
        #expect(FileTreeSnapshot(labs) == labsBefore)

        // With the cache: only XDG_CACHE_HOME/labrunner gains files.
        let cached = try run([])
        #expect(cached.status == 1)
        #expect(FileTreeSnapshot(xdg).paths.allSatisfy { $0 == "labrunner" || $0.hasPrefix("labrunner/") })
        #expect(FileTreeSnapshot(xdg).paths.contains { $0.hasPrefix("labrunner/entries/") })
        for folder in [tmp, home, cwd] { #expect(FileTreeSnapshot(folder).entries.isEmpty, "\(folder)") }
        #expect(FileTreeSnapshot(labs) == labsBefore)

        // --update rewrites the lab in place and leaves no temporary file beside it.
        let updated = try run(["--update"])
        #expect(updated.status == 0, "\(updated.stdout)")
        #expect(FileTreeSnapshot(labs).paths == ["lab.md"])
        let rewritten = try String(contentsOfFile: labPath, encoding: .utf8)
        #expect(rewritten.contains("\nfootprint mock\n") && rewritten.contains("\nfootprint failing\n"), "\(rewritten)")
        for folder in [tmp, home, cwd] { #expect(FileTreeSnapshot(folder).entries.isEmpty, "\(folder)") }
    }
}
