import Foundation

/// Replaces a damaged clang module cache (a `.pcm` file swiftc cannot read makes every build
/// fail until it goes) with an empty folder, which swiftc fills again.
///
/// Other runs may be using the folder right now, so it is never deleted in place: it is renamed
/// into a fresh folder in the compile cache's `tmp/` (which `CompileCache.prune` empties of
/// folders older than ten minutes), or beside it when there is no such `tmp/` (the run's own
/// module cache, removed with the run's folder).
enum ModuleCacheRepair {
    /// Device and inode: which folder is at a path, to tell later whether it was replaced.
    struct Identity: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    static func identity(of folder: String) -> Identity? {
        FileOwnership.status(folder).map { Identity(device: UInt64(truncatingIfNeeded: $0.st_dev), inode: UInt64(truncatingIfNeeded: $0.st_ino)) }
    }

    /// Moves `folder` away and makes it again, empty; true when a fresh folder is in place.
    /// If `folder` is no longer the one that failed (`failed`), another run already replaced it:
    /// that one is kept.
    static func renew(_ folder: String, failed: Identity?) -> Bool {
        let current = identity(of: folder)
        if current != nil, current == failed {
            let parent = (folder as NSString).deletingLastPathComponent
            let name = (folder as NSString).lastPathComponent
            let siblingTemporary = parent + "/tmp"
            let graveyard = FileOwnership.status(siblingTemporary).map(CacheFiles.isDirectory) == true ? siblingTemporary : parent
            guard let grave = CacheFiles.makeTemporaryDirectory(in: graveyard, prefix: name + ".damaged.") else { return false }
            // ENOENT: another run moved it a moment ago; its fresh folder, or ours below, will do.
            if rename(folder, grave + "/" + name) != 0, errno != ENOENT { return false }
        }
        return CacheFiles.makeDirectories(folder)
    }
}
