import Foundation
import Testing
@testable import LabRunner

/// Build folders are private (0700, unpredictable names) and swiftc is kept inside them: its
/// temporary files and, without a compile cache, its module cache.
struct BuildDirectoryTests {
    @Test func isPrivateToTheUserAndGoneAfterRemove() throws {
        let first = try BuildDirectory.makePrivate()
        let second = try BuildDirectory.makePrivate()
        defer { first.remove(); second.remove() }
        #expect(first.path != second.path)
        let info = try #require(FileOwnership.status(first.path))
        #expect(CacheFiles.isDirectory(info))
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(info.st_uid == geteuid())
        #expect(first.path.hasPrefix(FileManager.default.temporaryDirectory.path))

        #expect(FileManager.default.createFile(atPath: first.path + "/main.swift", contents: Data("x".utf8)))
        first.remove()
        #expect(FileOwnership.status(first.path) == nil)
    }

    /// Removing twice (an explicit `remove()` and a `defer`) must not close the lock's descriptor
    /// twice: the second close hit whatever file had reused the number, in a test running beside
    /// it (`AtomicFile`'s temporary file failed with "Bad file descriptor").
    @Test func removingTwiceClosesNothingElse() throws {
        let directory = try BuildDirectory.makePrivate()
        directory.remove()
        // The lowest free number: the lock's own, just released.
        let probe = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(probe) }
        directory.remove()
        #expect(fcntl(probe, F_GETFD) != -1, "the second remove() closed another file's descriptor")
    }

    /// A stand-in swiftc records its TMPDIR and arguments: both point into the build folder, or
    /// at the module cache it was given.
    @Test(arguments: [nil, "/cache/modules"] as [String?])
    func swiftcWritesOnlyInTheBuildFolderAndTheModuleCache(moduleCache: String?) throws {
        let directory = try BuildDirectory.makePrivate()
        defer { directory.remove() }
        let fake = try BuildDirectory.makePrivate()
        defer { fake.remove() }
        let record = fake.path + "/record"
        let script = "#!/bin/sh\nprintf '%s\\n' \"TMPDIR=$TMPDIR\" \"$@\" > '\(record)'\n"
        try #require(CacheFiles.writeNew(fake.path + "/swiftc", Array(script.utf8), mode: 0o755))
        let lab = try LabParser.parse(bytes: Array("```swift\nprint(1)\n```\n".utf8), path: "lab.md")

        let outcome = try SwiftCompiler(path: fake.path + "/swiftc")
            .build(lab, program: "print(1)\n", in: directory.path, environment: ["TMPDIR": "/elsewhere"],
                    moduleCache: moduleCache.map { ModuleCacheFolder(path: $0, isOwned: true) })
        #expect(outcome.executable == directory.path + "/lab")
        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.first == "TMPDIR=" + directory.path)
        let cacheArgument = try #require(lines.firstIndex(of: "-module-cache-path")).advanced(by: 1)
        #expect(lines[cacheArgument] == moduleCache ?? directory.path + "/module-cache")
        // The source is the first argument, so the driver's intermediate files go to TMPDIR.
        #expect(lines.dropFirst().first == directory.path + "/main.swift")
        #expect(lines.suffix(2) == ["-o", directory.path + "/lab"])
    }
}
