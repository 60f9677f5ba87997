import Foundation
import Testing
@testable import LabRunner

/// `run` writes nothing outside its build folders (removed again), the compile cache and, with
/// `--update`, the labs it was given: with TMPDIR, HOME and XDG_CACHE_HOME pointed at fresh
/// folders and the working directory at another, every file under all of them is compared
/// before and after.
@Suite struct FileFootprintEndToEndTests {
    static let lab = "```swift\nprint(\"footprint \\(Lab.scenario)\")\n```\n```output\nstale\n```\n"

    /// The fresh folders of one test, under `root`.
    struct Folders {
        let root: String
        var tmp: String { root + "/tmp" }
        var home: String { root + "/home" }
        var xdg: String { root + "/xdg" }
        var cwd: String { root + "/cwd" }
        /// The lab of the first part.
        var labs: String { root + "/labs" }
        /// The labs with swiftc flags, of the second part.
        var flagLabs: String { root + "/flag-labs" }
        var victims: String { root + "/victims" }
        var includes: String { root + "/inc dir" }
        var all: [String] { [tmp, home, xdg, cwd, labs, flagLabs, victims, includes] }
        /// Without the tests' shared module cache: where the tool puts its own is part of the footprint.
        var environment: [String: String] {
            LabRunnerCLI.withoutSharedModuleCache.merging(["TMPDIR": tmp, "HOME": home, "XDG_CACHE_HOME": xdg]) { $1 }
        }
    }

    /// One test, so the fresh XDG_CACHE_HOME builds clang's module cache once (about 1.7 s of CPU)
    /// rather than once per part; the second part starts where the first left every folder.
    @Test func runWritesOnlyIntoTheCacheAndTheLabsItUpdates() async throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let folders = Folders(root: root)
        for folder in folders.all { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        try await onlyTheCacheGainsFilesAndOnlyUpdateChangesTheLab(folders)
        try await swiftcFlagsWriteNothingOutsideTheBuildFolderAndTheCache(folders)
    }

    private func onlyTheCacheGainsFilesAndOnlyUpdateChangesTheLab(_ folders: Folders) async throws {
        let (tmp, home, xdg, cwd, labs) = (folders.tmp, folders.home, folders.xdg, folders.cwd, folders.labs)
        let labPath = labs + "/lab.md"
        try Data(Self.lab.utf8).write(to: URL(fileURLWithPath: labPath))
        func run(_ arguments: [String]) async throws -> LabRunnerCLI.Result {
            try await LabRunnerCLI.run(["run"] + arguments + [labPath], in: cwd, environment: folders.environment)
        }
        let labsBefore = FileTreeSnapshot(labs)

        // Without a cache: nothing anywhere, not even swiftc's module cache.
        let uncached = try await run(["--no-cache"])
        #expect(uncached.status == 1, "\(uncached.stdout)")
        for folder in folders.all where folder != labs { #expect(FileTreeSnapshot(folder).entries.isEmpty, "\(folder)") }
        #expect(FileTreeSnapshot(labs) == labsBefore)

        // With the cache: only XDG_CACHE_HOME/labrunner gains files.
        let cached = try await run([])
        #expect(cached.status == 1)
        #expect(FileTreeSnapshot(xdg).paths.allSatisfy { $0 == "labrunner" || $0.hasPrefix("labrunner/") })
        #expect(FileTreeSnapshot(xdg).paths.contains { $0.hasPrefix("labrunner/entries/") })
        for folder in [tmp, home, cwd] { #expect(FileTreeSnapshot(folder).entries.isEmpty, "\(folder)") }
        #expect(FileTreeSnapshot(labs) == labsBefore)

        // --update rewrites the lab in place and leaves no temporary file beside it.
        let updated = try await run(["--update"])
        #expect(updated.status == 0, "\(updated.stdout)")
        #expect(FileTreeSnapshot(labs).paths == ["lab.md"])
        let rewritten = try String(contentsOfFile: labPath, encoding: .utf8)
        #expect(rewritten.contains("\nfootprint mock\n") && rewritten.contains("\nfootprint failing\n"), "\(rewritten)")
        for folder in [tmp, home, cwd] { #expect(FileTreeSnapshot(folder).entries.isEmpty, "\(folder)") }
    }

    /// Front matter cannot make swiftc write anywhere: every flag that would (`-o`, `-Xlinker -o`,
    /// `-emit-module-path`, `-index-store-path`, a response file…) is an input error, and labs whose
    /// flags were accepted (a fixed set with a quoted path, and seeded random ones from the fuzz
    /// test's words) add files only under the cache.
    private func swiftcFlagsWriteNothingOutsideTheBuildFolderAndTheCache(_ folders: Folders) async throws {
        let root = folders.root
        let (tmp, home, xdg, cwd, labs, victims) = (folders.tmp, folders.home, folders.xdg, folders.cwd, folders.flagLabs, folders.victims)
        try Data("-o\n\(victims)/by-response-file\n".utf8).write(to: URL(fileURLWithPath: victims + "/args"))
        let hostile = [
            "-Xlinker -o -Xlinker \(victims)/linked", "-o \(victims)/out", "-emit-module-path \(victims)/m.swiftmodule",
            "-emit-library", "-index-store-path \(victims)/index", "@\(victims)/args", "-c", "-module-cache-path \(victims)/mc",
            "-Xfrontend -emit-sil", "-load-plugin-library \(victims)/p.so", "-Onone \(victims)/input.swift",
        ]
        for (index, flags) in hostile.enumerated() {
            try Data("---\nswiftc-flags: \(flags)\n---\n```swift\nprint(1)\n```\n".utf8)
                .write(to: URL(fileURLWithPath: "\(labs)/hostile\(index).md"))
        }
        var random = SeededGenerator(seed: SeededGenerator.seeds(1, base: 0xF007).first ?? 0)
        var accepted = [#"-Onone -DFOOTPRINT -I "\#(root)/inc dir" -enable-upcoming-feature ExistentialAny"#]
        while accepted.count < 2 {
            let words = (0..<random.int(1...5)).map { _ in random.pick(FrontMatterFuzzTests.flagWords) }.joined(separator: " ")
            let text = "---\nswiftc-flags: \(words)\n---\n"
            if (try? FrontMatter.parse(MarkdownSource(text: text), path: "x.md")) != nil { accepted.append(words) }
        }
        for (index, flags) in accepted.enumerated() {
            try Data("---\nswiftc-flags: \(flags)\n---\n```swift\nprint(\"accepted \(index)\")\n```\n".utf8)
                .write(to: URL(fileURLWithPath: "\(labs)/accepted\(index).md"))
        }
        let labsBefore = FileTreeSnapshot(labs)
        let victimsBefore = FileTreeSnapshot(victims)
        let result = try await LabRunnerCLI.run(["run", labs], in: cwd, environment: folders.environment)
        #expect(result.status == 2, "\(result.stdout)")
        for index in hostile.indices {
            #expect(result.stdout.contains("hostile\(index).md:2:"), "\(result.stdout)")
        }
        #expect(result.stdout.components(separatedBy: "is not allowed in swiftc-flags").count - 1 == hostile.count, "\(result.stdout)")
        #expect(FileTreeSnapshot(victims) == victimsBefore)
        #expect(FileTreeSnapshot(labs) == labsBefore)
        #expect(FileTreeSnapshot(xdg).paths.allSatisfy { $0 == "labrunner" || $0.hasPrefix("labrunner/") })
        for folder in [tmp, home, cwd, folders.includes] { #expect(FileTreeSnapshot(folder).entries.isEmpty, "\(folder)") }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: root)) == Set(folders.all.map { ($0 as NSString).lastPathComponent }))
    }
}
