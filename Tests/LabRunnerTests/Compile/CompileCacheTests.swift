import Foundation
import Testing
@testable import LabRunner
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A private folder for one test, removed at the end.
private final class ScratchFolder: Sendable {
    let path: String

    init() throws {
        var template = Array((FileManager.default.temporaryDirectory.path + "/cache-test-XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        try #require(made != nil)
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        // Undo what tests did to permissions and owners so the folder can go.
        _ = try? FileManager.default.subpathsOfDirectory(atPath: path).forEach { chmod(path + "/" + $0, 0o700) }
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Writes a fake executable (mode 0755) and returns its path.
    func executable(_ name: String, bytes: [UInt8]) throws -> String {
        let file = path + "/" + name
        // A new inode each time, written through a close-on-exec descriptor: a child spawned
        // by a test running in parallel must not inherit it, or exec fails with ETXTBSY.
        unlink(file)
        try #require(CacheFiles.writeNew(file, bytes, mode: 0o755))
        return file
    }
}

private func contents(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { [UInt8]($0) }
}

private func mode(_ path: String) -> mode_t? {
    FileOwnership.status(path).map { $0.st_mode & 0o7777 }
}

private func sampleBytes(_ seed: Int, count: Int = 10_000) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ seed &* 131) }
}

private func sampleKey(_ source: String = "print(1)") -> String {
    CompileCache.key(source: source, compilerPath: "/usr/bin/swiftc", compilerVersion: "Swift version 6.3.1",
                     arguments: ["-swift-version", "6"])
}

struct CompileCacheKeyTests {
    @Test func keyIsStableAndChangesWithEveryInput() {
        let base = sampleKey()
        #expect(base == sampleKey())
        #expect(CompileCache.isValidKey(base))
        let variants = [
            CompileCache.key(source: "print(2)", compilerPath: "/usr/bin/swiftc", compilerVersion: "Swift version 6.3.1", arguments: ["-swift-version", "6"]),
            CompileCache.key(source: "print(1)", compilerPath: "/opt/swift/bin/swiftc", compilerVersion: "Swift version 6.3.1", arguments: ["-swift-version", "6"]),
            CompileCache.key(source: "print(1)", compilerPath: "/usr/bin/swiftc", compilerVersion: "Swift version 6.3.2", arguments: ["-swift-version", "6"]),
            CompileCache.key(source: "print(1)", compilerPath: "/usr/bin/swiftc", compilerVersion: "Swift version 6.3.1", arguments: ["-swift-version", "5"]),
            CompileCache.key(source: "print(1)", compilerPath: "/usr/bin/swiftc", compilerVersion: "Swift version 6.3.1", arguments: ["-swift-version", "6", "-O"]),
            CompileCache.key(source: "print(1)", compilerPath: "/usr/bin/swiftc", compilerVersion: "Swift version 6.3.1", arguments: []),
        ]
        #expect(Set(variants + [base]).count == variants.count + 1)
    }

    /// Fields are length-prefixed, so moving bytes between neighbours never gives the same key.
    @Test func encodingIsUnambiguous() {
        func key(_ source: String, _ path: String, _ version: String, _ arguments: [String]) -> String {
            CompileCache.key(source: source, compilerPath: path, compilerVersion: version, arguments: arguments)
        }
        #expect(key("s", "p", "v", ["-D", "A B"]) != key("s", "p", "v", ["-D A", "B"]))
        #expect(key("s", "p", "v", ["a"]) != key("s", "p", "v", ["a", ""]))
        #expect(key("s", "p", "v", []) != key("s", "p", "v", [""]))
        #expect(key("s", "pv", "", []) != key("s", "p", "v", []))
        #expect(key("", "p", "v", ["s"]) != key("s", "p", "v", []))
    }

    @Test func platformNamesOSAndArchitecture() {
        let parts = CacheKeyEncoding.platform.split(separator: " ")
        #expect(parts.count == 2)
        #expect(["linux", "macos", "other"].contains(String(parts[0])))
    }

    @Test func keysThatAreNotDigestsAreRefused() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        let executable = try scratch.executable("lab", bytes: [1, 2, 3])
        for key in ["", "../../etc", String(repeating: "A", count: 64), String(repeating: "a", count: 63) + "/"] {
            #expect(cache.store(key, executable: executable) == nil)
            #expect(cache.lookup(key) == nil)
        }
    }
}

struct CompileCacheDirectoryTests {
    @Test func defaultDirectoryPrefersXDGThenHome() {
        #expect(CompileCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]) == "/x/cache/labrunner")
        #expect(CompileCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "/x/cache/", "HOME": "/home/u"]) == "/x/cache/labrunner")
        #expect(CompileCache.defaultDirectory(environment: ["HOME": "/home/u"]) == "/home/u/.cache/labrunner")
        // Empty or relative XDG_CACHE_HOME is invalid per the XDG specification.
        #expect(CompileCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "", "HOME": "/home/u"]) == "/home/u/.cache/labrunner")
        #expect(CompileCache.defaultDirectory(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/home/u"]) == "/home/u/.cache/labrunner")
        #expect(CompileCache.defaultDirectory(environment: [:]).hasSuffix("labrunner") ||
                CompileCache.defaultDirectory(environment: [:]).contains("labrunner-cache-"))
    }

    @Test func aPathThatCannotBeAFolderDegradesToNoCache() throws {
        let scratch = try ScratchFolder()
        let blocker = try scratch.executable("file", bytes: [0])
        let executable = try scratch.executable("lab", bytes: sampleBytes(1))
        for directory in [blocker, blocker + "/cache"] {
            let cache = CompileCache(directory: directory)
            #expect(cache.store(sampleKey(), executable: executable) == nil)
            #expect(cache.lookup(sampleKey()) == nil)
            cache.prune()
        }
    }

    @Test(.enabled(if: geteuid() != 0, "root writes through any mode"))
    func aReadOnlyCacheDegradesToNoCache() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        let executable = try scratch.executable("lab", bytes: sampleBytes(1))
        let stored = try #require(cache.store(sampleKey("a"), executable: executable))
        for folder in [cache.directory, cache.entriesFolder, cache.temporaryFolder] { chmod(folder, 0o500) }
        #expect(cache.store(sampleKey("b"), executable: executable) == nil)
        #expect(cache.lookup(sampleKey("b")) == nil)
        #expect(cache.lookup(sampleKey("a")) == stored)  // what is there still serves
        cache.prune()
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a folder away"))
    func aFolderOwnedBySomeoneElseIsNotUsed() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        let executable = try scratch.executable("lab", bytes: sampleBytes(1))
        #expect(cache.store(sampleKey(), executable: executable) != nil)
        #expect(chown(cache.directory, 65534, 65534) == 0)
        #expect(cache.lookup(sampleKey()) == nil)
        #expect(cache.store(sampleKey("other"), executable: executable) == nil)
        chown(cache.directory, 0, 0)
    }

    @Test func foldersAreCreatedPrivateAndALooseModeIsTightened() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/a/b/cache")
        let executable = try scratch.executable("lab", bytes: sampleBytes(1))
        let stored = try #require(cache.store(sampleKey(), executable: executable))
        for folder in [scratch.path + "/a", scratch.path + "/a/b", cache.directory, cache.entriesFolder,
                       cache.temporaryFolder, cache.compilersFolder, cache.modulesFolder,
                       (stored as NSString).deletingLastPathComponent] {
            #expect(mode(folder) == 0o700, "\(folder)")
        }
        chmod(cache.directory, 0o777)
        #expect(cache.lookup(sampleKey()) == stored)
        #expect(mode(cache.directory) == 0o700)
    }
}

struct CompileCacheEntryTests {
    @Test func missThenStoreThenHit() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        let bytes = sampleBytes(1)
        let executable = try scratch.executable("lab", bytes: bytes)
        let key = sampleKey()

        #expect(cache.lookup(key) == nil)
        let stored = try #require(cache.store(key, executable: executable))
        #expect(stored != executable)
        #expect(contents(stored) == bytes)
        #expect(access(stored, X_OK) == 0)
        #expect(cache.lookup(key) == stored)
        #expect(cache.lookup(sampleKey("print(2)")) == nil)
        // Storing again is a no-op that returns the same entry.
        #expect(cache.store(key, executable: executable) == stored)
        #expect(CacheFiles.names(in: cache.entriesFolder) == [key])
        #expect(CacheFiles.names(in: cache.temporaryFolder).isEmpty)
    }

    @Test func aHitRefreshesTheLastUseTime() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        let stored = try #require(cache.store(sampleKey(), executable: try scratch.executable("lab", bytes: sampleBytes(1))))
        let folder = (stored as NSString).deletingLastPathComponent
        #expect(CacheFiles.touch(folder, at: 1_000))
        #expect(cache.lookup(sampleKey()) == stored)
        let lastUse = try #require(FileOwnership.status(folder).map(CacheFiles.modificationTime))
        #expect(lastUse > Date().timeIntervalSince1970 - 60)
    }

    /// Each way an entry can be damaged; every one must be a miss that removes the entry, after
    /// which the same key stores and hits again.
    @Test(arguments: ["truncated", "flipped byte", "empty", "missing executable", "garbled metadata",
                      "missing metadata", "not executable"])
    func damagedEntriesAreDetectedRemovedAndRebuilt(damage: String) throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        let bytes = sampleBytes(2)
        let executable = try scratch.executable("lab", bytes: bytes)
        let key = sampleKey()
        let stored = try #require(cache.store(key, executable: executable))
        let folder = (stored as NSString).deletingLastPathComponent
        let metadata = folder + "/" + CacheEntry.metadataName

        switch damage {
        case "truncated": #expect(truncate(stored, off_t(bytes.count - 1)) == 0)
        case "flipped byte":
            var changed = bytes
            changed[bytes.count / 2] ^= 0x20
            try Data(changed).write(to: URL(fileURLWithPath: stored))
        case "empty": #expect(truncate(stored, 0) == 0)
        case "missing executable": #expect(unlink(stored) == 0)
        case "garbled metadata": try Data("labrunner-cache-entry 1\nsize 12".utf8).write(to: URL(fileURLWithPath: metadata))
        case "missing metadata": #expect(unlink(metadata) == 0)
        default: #expect(chmod(stored, 0o600) == 0)
        }

        #expect(cache.lookup(key) == nil)
        #expect(FileOwnership.status(folder) == nil, "the damaged entry is removed")
        #expect(cache.store(key, executable: executable) == stored)
        #expect(cache.lookup(key) == stored)
        #expect(contents(stored) == bytes)
    }

    @Test func storingAMissingExecutableFailsQuietly() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        #expect(cache.store(sampleKey(), executable: scratch.path + "/nothing") == nil)
        #expect(cache.lookup(sampleKey()) == nil)
    }
}

struct CompileCacheConcurrencyTests {
    /// Many writers of one key (as from several labrunner processes) all succeed and agree on one
    /// entry, while readers only ever see nothing or the complete executable.
    @Test func concurrentStoresOfOneKeyAllSucceedAndLeaveOneEntry() throws {
        let scratch = try ScratchFolder()
        let bytes = sampleBytes(3, count: 200_000)
        let key = sampleKey()
        let writers = 12
        let sources = try (0..<writers).map { try scratch.executable("lab\($0)", bytes: bytes) }
        let results = LockedValue<[String?]>(Array(repeating: nil, count: writers))
        let tornReads = LockedValue(0)

        DispatchQueue.concurrentPerform(iterations: writers * 2) { index in
            // Separate values, as separate processes would have.
            let cache = CompileCache(directory: scratch.path + "/cache")
            if index < writers {
                let stored = cache.store(key, executable: sources[index])
                results.withLock { $0[index] = stored }
            } else {
                for _ in 0..<20 {
                    if let found = cache.lookup(key), contents(found) != bytes { tornReads.withLock { $0 += 1 } }
                }
            }
        }

        let cache = CompileCache(directory: scratch.path + "/cache")
        let paths = results.withLock { $0 }
        #expect(paths.allSatisfy { $0 != nil })
        #expect(Set(paths).count == 1)
        #expect(tornReads.withLock { $0 } == 0)
        #expect(CacheFiles.names(in: cache.entriesFolder) == [key])
        #expect(CacheFiles.names(in: cache.temporaryFolder).isEmpty)
        let found = try #require(cache.lookup(key))
        #expect(contents(found) == bytes)
    }

    @Test func concurrentStoresOfDifferentKeysAllLand() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        let sources = try (0..<8).map { try scratch.executable("lab\($0)", bytes: sampleBytes($0)) }
        DispatchQueue.concurrentPerform(iterations: sources.count) { index in
            _ = cache.store(sampleKey("\(index)"), executable: sources[index])
        }
        for index in sources.indices {
            let found = cache.lookup(sampleKey("\(index)"))
            #expect(found.flatMap(contents) == sampleBytes(index))
        }
    }
}

struct CompileCachePruneTests {
    @Test func pruneRemovesLeastRecentlyUsedFirstAndRespectsTheLimit() throws {
        let scratch = try ScratchFolder()
        var cache = CompileCache(directory: scratch.path + "/cache")
        let keys = ["a", "b", "c", "d"].map { sampleKey($0) }
        var entrySize = 0
        for (index, key) in keys.enumerated() {
            let stored = try #require(cache.store(key, executable: try scratch.executable("lab\(index)", bytes: sampleBytes(index))))
            let folder = (stored as NSString).deletingLastPathComponent
            entrySize = CacheFiles.sizeOfFiles(in: folder)
            // Last used in order a, b, c, d, long ago.
            #expect(CacheFiles.touch(folder, at: Double(1_000 * (index + 1))))
        }
        // Using a makes it the most recent: b is now the least recently used.
        #expect(cache.lookup(keys[0]) != nil)

        cache = CompileCache(directory: cache.directory, sizeLimit: 2 * entrySize + entrySize / 2)
        cache.prune()
        let left = Set(CacheFiles.names(in: cache.entriesFolder))
        #expect(left == [keys[0], keys[3]])
        #expect(CacheFiles.names(in: cache.entriesFolder).count * entrySize <= cache.sizeLimit)

        // At exactly the size of what is left nothing more goes; one byte less and d goes too.
        CompileCache(directory: cache.directory, sizeLimit: 2 * entrySize).prune()
        #expect(Set(CacheFiles.names(in: cache.entriesFolder)) == [keys[0], keys[3]])
        CompileCache(directory: cache.directory, sizeLimit: 2 * entrySize - 1).prune()
        #expect(CacheFiles.names(in: cache.entriesFolder) == [keys[0]])
        CompileCache(directory: cache.directory, sizeLimit: 0).prune()
        #expect(CacheFiles.names(in: cache.entriesFolder).isEmpty)
        #expect(CacheFiles.names(in: cache.temporaryFolder).isEmpty)
    }

    @Test func pruneRemovesStaleTemporaryFoldersOnly() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        #expect(cache.prepareLayout())
        let stale = try #require(CacheFiles.makeTemporaryDirectory(in: cache.temporaryFolder, prefix: "dead."))
        let fresh = try #require(CacheFiles.makeTemporaryDirectory(in: cache.temporaryFolder, prefix: "busy."))
        #expect(CacheFiles.touch(stale, at: Date().timeIntervalSince1970 - CompileCache.staleTemporaryAge - 60))
        cache.prune()
        #expect(FileOwnership.status(stale) == nil)
        #expect(FileOwnership.status(fresh) != nil)
    }
}

struct CompileCacheCompilerVersionTests {
    /// A stand-in compiler that counts how often it is asked.
    private func fakeCompiler(in scratch: ScratchFolder, version: String) throws -> (path: String, calls: () -> Int) {
        let log = scratch.path + "/calls"
        let script = "#!/bin/sh\necho x >> '\(log)'\necho '\(version)'\n"
        let path = try scratch.executable("swiftc", bytes: Array(script.utf8))
        return (path, { contents(log).map { $0.filter { $0 == 0x0A }.count } ?? 0 })
    }

    private let environment = ["PATH": "/usr/bin:/bin"]

    @Test func theTextIsAskedOnceAndCachedUntilTheBinaryChanges() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        let compiler = try fakeCompiler(in: scratch, version: "Fake Swift 1.0")
        #expect(CompilerVersion.text(of: compiler.path, cache: cache, environment: environment) == "Fake Swift 1.0\n")
        #expect(CompilerVersion.text(of: compiler.path, cache: cache, environment: environment) == "Fake Swift 1.0\n")
        #expect(compiler.calls() == 1)

        // A new toolchain at the same path: another size (and mtime), so asked again.
        _ = try fakeCompiler(in: scratch, version: "Fake Swift 2.0.1")
        #expect(CompilerVersion.text(of: compiler.path, cache: cache, environment: environment) == "Fake Swift 2.0.1\n")
        #expect(compiler.calls() == 2)
    }

    @Test func aLookupKnowsTheTextOnlyOnceItWasStored() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        let compiler = try fakeCompiler(in: scratch, version: "Fake Swift 3.0")
        let first = CompilerVersionLookup(compilerPath: compiler.path, cache: cache, environment: environment)
        #expect(first.known == nil)
        #expect(first.wait() == "Fake Swift 3.0\n")
        let second = CompilerVersionLookup(compilerPath: compiler.path, cache: cache, environment: environment)
        #expect(second.known == "Fake Swift 3.0\n")
        #expect(compiler.calls() == 1)
    }

    @Test func withoutACacheItAsksEveryTime() throws {
        let scratch = try ScratchFolder()
        let compiler = try fakeCompiler(in: scratch, version: "Fake Swift 1.0")
        #expect(CompilerVersion.text(of: compiler.path, cache: nil, environment: environment) == "Fake Swift 1.0\n")
        #expect(CompilerVersion.text(of: compiler.path, cache: nil, environment: environment) == "Fake Swift 1.0\n")
        #expect(compiler.calls() == 2)
    }

    @Test func aDamagedStoredTextIsAskedAgain() throws {
        let scratch = try ScratchFolder()
        let cache = CompileCache(directory: scratch.path + "/cache")
        let compiler = try fakeCompiler(in: scratch, version: "Fake Swift 1.0")
        _ = CompilerVersion.text(of: compiler.path, cache: cache, environment: environment)
        let file = cache.compilersFolder + "/" + CompilerVersion.fingerprint(of: compiler.path, environment: environment)
        let stored = try #require(contents(file))
        try Data(stored.dropLast(3)).write(to: URL(fileURLWithPath: file))
        #expect(CompilerVersion.text(of: compiler.path, cache: cache, environment: environment) == "Fake Swift 1.0\n")
        #expect(compiler.calls() == 2)
    }

    @Test func aCompilerThatCannotRunStillGivesAStableText() throws {
        let scratch = try ScratchFolder()
        let missing = scratch.path + "/no-swiftc"
        let first = CompilerVersion.text(of: missing, cache: nil, environment: environment)
        #expect(first.hasPrefix("unknown swiftc"))
        #expect(CompilerVersion.text(of: missing, cache: nil, environment: environment) == first)
    }
}
