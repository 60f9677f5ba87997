/// One build per program across processes (`BuildLock`).
extension CompileCache {
    /// How long a process waits for another one building the same program before it builds the
    /// program itself: longer than a large lab's compile, short enough that a suspended process
    /// (Ctrl-Z) holding the lock costs a minute, not the run.
    static let buildLockPatience = 60.0

    /// The lock for building `key`, once no other process holds it (waiting up to `patience`);
    /// `BuildLock.none` when the cache cannot hold one, or the wait ran out.
    func buildLock(_ key: String, patience: Double = buildLockPatience) -> BuildLock {
        guard Self.isValidKey(key), prepareLayout() else { return .none }
        return BuildLock.acquire(path: locksFolder + "/" + key, patience: patience)
    }
}

extension CompileCache {
    /// Removes lock files left by processes killed while building (a lock is removed as it is let
    /// go, and the kernel drops a dead process's lock, so an old file no one holds is such a one).
    func pruneLocks(now: Double) {
        for name in CacheFiles.names(in: locksFolder) where Self.isValidKey(name) {
            let path = locksFolder + "/" + name
            guard let info = FileOwnership.linkStatus(path), now - CacheFiles.modificationTime(info) > Self.staleTemporaryAge else { continue }
            BuildLock.acquire(path: path, patience: 0).release()
        }
    }
}
