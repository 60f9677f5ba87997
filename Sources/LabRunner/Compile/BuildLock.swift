import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// "This process is building the program of one cache key": an exclusive `flock` on a file named
/// for the key (`CompileCache.buildLock`). Two labrunners on one cache (a `watch` beside a `run`,
/// CI shards, the test suite's parallel runs) then build a program once: the second waits, and
/// finds the first one's build in the cache.
///
/// Best-effort, like the cache: a lock that cannot be had (no folder, a full disk) or a holder
/// that keeps it longer than the caller's patience (a suspended process) means building without
/// it, as before; the cache's publish-by-rename keeps either way correct. The kernel drops the
/// lock of a process that dies. The holder removes the file as it lets go, so none are left
/// behind; a waiter that then holds a lock on the removed file tries again on the path.
package final class BuildLock: Sendable {
    private let held: LockedValue<(descriptor: Int32, path: String)?>

    /// No lock: nothing to release (no cache, or none could be had).
    package static var none: BuildLock { BuildLock(held: nil) }

    private init(held: (descriptor: Int32, path: String)?) {
        self.held = LockedValue(held)
    }

    /// Whether a lock is held (false for `none`, and after `release`).
    package var isHeld: Bool { held.withLock { $0 != nil } }

    /// Takes the lock at `path`, waiting at most `patience` seconds for another holder; `none`
    /// when it cannot be had in that time or at all.
    static func acquire(path: String, patience: Double) -> BuildLock {
        let deadline = Date().timeIntervalSince1970 + patience
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard descriptor >= 0 else { return .none }
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let failure = errno
                guard failure == EWOULDBLOCK || failure == EINTR, Date().timeIntervalSince1970 < deadline else {
                    close(descriptor)
                    return .none
                }
                usleep(10_000)
            }
            if CacheFiles.isOpen(descriptor, onFileAt: path) { return BuildLock(held: (descriptor, path)) }
            // The holder before us removed the file as it let go: our lock is on a file no one else
            // will open. Lock the file now at the path.
            close(descriptor)
            guard Date().timeIntervalSince1970 < deadline else { return .none }
        }
    }

    /// Removes the file and lets go of the lock; once (later calls do nothing).
    package func release() {
        guard let (descriptor, path) = held.withLock({ held -> (Int32, String)? in
            defer { held = nil }
            return held
        }) else { return }
        // Removed while still locked, so no one can lock this file and find it gone afterwards
        // without seeing that it is no longer the one at `path`.
        unlink(path)
        close(descriptor)
    }

    deinit { release() }
}
