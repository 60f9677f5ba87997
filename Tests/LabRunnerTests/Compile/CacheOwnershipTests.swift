import Foundation
import Testing
@testable import LabRunner

/// Cache entries planted by another user used to be run: a cache folder that was writable by
/// others before first use was tightened, but what was already in it trusted. Everything the
/// cache reads must belong to the running user; the rest is refused, said once, and rebuilt.
/// The planting needs root (to give files to another user).
@Suite(.enabled(if: geteuid() == 0, "only root can give files to another user"))
struct CacheOwnershipTests {
    private let stranger: uid_t = 4242

    private final class Messages: Sendable {
        let list = LockedValue<[String]>([])
    }

    private func makeCache() throws -> (CompileCache, Messages, executable: String, root: String) {
        let root = try LabRunnerCLI.temporaryDirectory()
        let executable = root + "/built"
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0) }).write(to: URL(fileURLWithPath: executable))
        chmod(executable, 0o755)
        var cache = CompileCache(directory: root + "/cache")
        let messages = Messages()
        cache.warn = { message in messages.list.withLock { $0.append(message) } }
        return (cache, messages, executable, root)
    }

    private let key = CompileCache.key(source: "planted", compilerPath: "/usr/bin/swiftc", compilerVersion: "v", arguments: [])

    @Test(arguments: ["", "/lab", "/entry"])
    func anEntryWithAnythingOfAnotherUserIsRefusedAndRemoved(part: String) throws {
        let (cache, messages, executable, root) = try makeCache()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let stored = try #require(cache.store(key, executable: executable))
        let folder = cache.entriesFolder + "/" + key
        #expect(chown(folder + part, stranger, stranger) == 0)
        #expect(cache.lookup(key) == nil)
        #expect(!FileManager.default.fileExists(atPath: folder), "the planted entry is removed")
        #expect(messages.list.withLock { $0 } == [
            "refused the compile cache entry \(folder + (part.isEmpty ? "" : part)): it belongs to uid \(stranger), not to you (uid 0); removed, the lab is built again",
        ])
        // Stored again, it serves.
        #expect(cache.store(key, executable: executable) == stored)
        #expect(cache.lookup(key) == stored)
    }

    @Test(arguments: ["", "/entries", "/modules"])
    func aCacheFolderOfAnotherUserIsNotUsed(folder: String) throws {
        let (cache, messages, executable, root) = try makeCache()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(cache.store(key, executable: executable) != nil)
        #expect(chown(cache.directory + folder, stranger, stranger) == 0)
        #expect(cache.lookup(key) == nil)
        #expect(cache.store(key, executable: executable) == nil)
        let said = messages.list.withLock { $0 }
        #expect(said.count == 1, "said once: \(said)")
        let what = folder.isEmpty ? "it belongs" : "its folder \(cache.directory + folder) belongs"
        #expect(said.first == "not using the compile cache \(cache.directory): \(what) to uid \(stranger), not to you (uid 0), so anything in it could have been planted; labs are built without it (remove it, or choose another folder with --cache-dir)")
    }

    @Test func aCompilerVersionRecordOfAnotherUserIsIgnored() throws {
        let (cache, _, _, root) = try makeCache()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(cache.storeCompilerVersion("Swift version 6", fingerprint: key))
        #expect(cache.compilerVersion(fingerprint: key) == "Swift version 6")
        #expect(chown(cache.compilersFolder + "/" + key, stranger, stranger) == 0)
        #expect(cache.compilerVersion(fingerprint: key) == nil)
    }
}

/// The cache folder may be a symlink (a moved `~/.cache`); the folders labrunner makes inside it
/// may not, since a link could lead anywhere.
@Suite struct CacheSymlinkTests {
    @Test func aSymlinkedCacheFolderWorksAndASymlinkedEntriesFolderIsRefused() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let executable = root + "/built"
        try Data([1, 2, 3, 4]).write(to: URL(fileURLWithPath: executable))
        chmod(executable, 0o755)
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: false)
        #expect(symlink(root + "/real", root + "/linked") == 0)
        let key = CompileCache.key(source: "linked", compilerPath: "/usr/bin/swiftc", compilerVersion: "v", arguments: [])
        var cache = CompileCache(directory: root + "/linked")
        let messages = LockedValue<[String]>([])
        cache.warn = { message in messages.withLock { $0.append(message) } }
        let stored = try #require(cache.store(key, executable: executable))
        #expect(cache.lookup(key) == stored)

        try FileManager.default.moveItem(atPath: root + "/real/entries", toPath: root + "/elsewhere")
        #expect(symlink(root + "/elsewhere", root + "/real/entries") == 0)
        #expect(cache.lookup(key) == nil)
        #expect(messages.withLock { $0 } == ["not using the compile cache \(root)/linked: its folder \(root)/linked/entries is not a folder (labrunner makes it as one); labs are built without it (remove it, or choose another folder with --cache-dir)"])
    }
}
