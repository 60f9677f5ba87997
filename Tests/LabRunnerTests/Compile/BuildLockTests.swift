import Foundation
import Testing
@testable import LabRunner
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// One build per program across processes: the lock excludes, waits, lets go, leaves no file,
/// and gives up after its patience; the cache prunes what a killed holder left.
struct BuildLockTests {
    static func folder() throws -> String {
        let path = try LabRunnerCLI.temporaryDirectory()
        return path
    }

    static let key = String(repeating: "ab", count: 32)

    @Test func aHeldLockExcludesAnotherAndIsRemovedWhenLetGo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lock"
        let first = BuildLock.acquire(path: path, patience: 0)
        #expect(first.isHeld)
        // Another open file description, as another process would have: refused at once.
        #expect(!BuildLock.acquire(path: path, patience: 0).isHeld)
        first.release()
        #expect(!first.isHeld)
        #expect(!FileManager.default.fileExists(atPath: path), "the lock file is left behind")
        first.release()  // a second release does nothing
        let second = BuildLock.acquire(path: path, patience: 0)
        #expect(second.isHeld)
        second.release()
    }

    /// A waiter gets the lock once the holder lets go, though the holder removed the file it
    /// was waiting on: it locks the file at the path, not the removed one.
    @Test func aWaiterGetsTheLockWhenTheHolderLetsGo() async throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lock"
        let holder = BuildLock.acquire(path: path, patience: 0)
        try #require(holder.isHeld)
        let waiter = Task.detached { () -> Bool in
            let lock = BuildLock.acquire(path: path, patience: 30)
            defer { lock.release() }
            // Held, and on the file now at the path: a third comer is refused.
            return lock.isHeld && !BuildLock.acquire(path: path, patience: 0).isHeld
        }
        try await Task.sleep(nanoseconds: 100_000_000)
        holder.release()
        #expect(await waiter.value)
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func aHolderThatKeepsItPastThePatienceIsNotWaitedFor() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let holder = BuildLock.acquire(path: folder + "/lock", patience: 0)
        defer { holder.release() }
        #expect(!BuildLock.acquire(path: folder + "/lock", patience: 0.05).isHeld)
        // No folder for the file: no lock, and no error; the build goes on without it.
        #expect(!BuildLock.acquire(path: folder + "/missing/lock", patience: 0).isHeld)
    }

    /// A file left by a holder that was killed is removed by `prune` once old; one that is held,
    /// however old, is not.
    @Test func pruneRemovesOldLockFilesNoOneHolds() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cache = CompileCache(directory: folder + "/cache")
        let held = cache.buildLock(Self.key)
        try #require(held.isHeld)
        let orphan = String(repeating: "cd", count: 32)
        let orphanPath = cache.locksFolder + "/" + orphan
        try #require(CacheFiles.writeNew(orphanPath, [], mode: 0o600))
        let old = Date().timeIntervalSince1970 - CompileCache.staleTemporaryAge - 60
        #expect(CacheFiles.touch(orphanPath, at: old))
        #expect(CacheFiles.touch(cache.locksFolder + "/" + Self.key, at: old))
        cache.prune()
        #expect(!FileManager.default.fileExists(atPath: orphanPath))
        #expect(FileManager.default.fileExists(atPath: cache.locksFolder + "/" + Self.key))
        #expect(!cache.buildLock(Self.key, patience: 0).isHeld)
        held.release()
        #expect(CacheFiles.names(in: cache.locksFolder).isEmpty)
    }
}
