import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Executables of labs already built, keyed by everything that decides them.
///
/// Layout of `directory` (every folder 0700):
///
/// ```text
/// entries/<key>/lab      the executable
/// entries/<key>/entry    its size and checksum (`CacheEntry`)
/// tmp/                   entries being published or removed
/// compilers/             `swiftc --version` texts (`CompilerVersion`)
/// modules/               swiftc's clang module cache (clang prunes it itself; not counted)
/// packages/<key>/        `--package` builds, one per package (`PackageBuild`; counted as other)
/// locks/<key>            held while a process builds that key (`BuildLock`), removed after
/// ```
///
/// Sharing between processes relies on `rename` of a folder being atomic: an entry is filled in
/// a private folder under `tmp/` and renamed to `entries/<key>` complete, and renaming onto a
/// non-empty folder fails, so a published entry is never replaced or half-written. Removal
/// renames the entry back into `tmp/` first, so readers never see a half-deleted one either.
/// The worst a race can cost is a lookup that misses, or a path pruned just after a lookup
/// returned it (the lookup refreshed it to most recently used, so only a cache filled faster than
/// one lab runs can do that).
///
/// Every problem (permissions, full disk, a folder another user owns) degrades to a miss or a
/// nil from `store`: caching never fails a run.
package struct CompileCache: Sendable {
    let directory: String
    let sizeLimit: Int
    /// Says why something in the cache was refused (a folder or entry another user owns); each
    /// message once per process. The CLI prints it as a warning: the run goes on without it.
    package var warn: @Sendable (String) -> Void = { _ in }

    /// Temporary folders older than this are left over from a process that died mid-store (a
    /// store holds one for milliseconds) and are removed by `prune`.
    static let staleTemporaryAge = 600.0

    /// A relative `directory` is taken from the current working directory and made absolute:
    /// executables are started, and swiftc runs, from other folders.
    package init(directory: String, sizeLimit: Int = 1 << 30) {
        self.directory = Self.absolute(directory)
        self.sizeLimit = sizeLimit
    }

    package static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        let current = FileManager.default.currentDirectoryPath
        return join(current, path.isEmpty ? "." : path)
    }

    /// `$XDG_CACHE_HOME/labrunner`, else `$HOME/.cache/labrunner` (on macOS too: one place,
    /// easy to find and to clear), for `environment`; always absolute. The XDG specification says
    /// a relative `XDG_CACHE_HOME` is invalid and must be ignored; a relative `HOME` is taken from
    /// the working directory, as a shell would.
    package static func defaultDirectory(environment: [String: String]) -> String {
        if let base = environment["XDG_CACHE_HOME"], base.hasPrefix("/") { return join(base, "labrunner") }
        if let home = environment["HOME"], !home.isEmpty { return absolute(join(home, ".cache/labrunner")) }
        if let entry = getpwuid(getuid()), let home = entry.pointee.pw_dir {
            return join(String(cString: home), ".cache/labrunner")
        }
        // No home at all: a per-user folder in /tmp. Someone else could create it first, but
        // then it is not ours and `isUsable` refuses it.
        return "/tmp/labrunner-cache-\(getuid())"
    }

    /// The cache key: SHA-256 hex of a canonical, unambiguous encoding (length-prefixed fields,
    /// see `CacheKeyEncoding`) of the generated source, the swiftc path, the `swiftc --version`
    /// text, the swiftc arguments, the environment variables that steer swiftc, the platform
    /// (OS + architecture) and the cache format version.
    ///
    /// `arguments` must be those that decide the output (language mode, flags), not the paths
    /// of the per-run build folder, which is random and would make every key new.
    static func key(source: String, compilerPath: String, compilerVersion: String, arguments: [String],
                    environment: [String] = []) -> String {
        var encoding = CacheKeyEncoding()
        encoding.append("format", CacheKeyEncoding.formatVersion)
        encoding.append("platform", CacheKeyEncoding.platform)
        encoding.append("compiler", compilerPath)
        encoding.append("version", compilerVersion)
        encoding.append("arguments", list: arguments)
        encoding.append("environment", list: environment)
        encoding.append("source", source)
        return SHA256.hexDigest(encoding.bytes)
    }

    /// The cached executable for `key`, verified intact against the size and checksum recorded
    /// at store time; nil on a miss, or on a damaged entry (which is then removed so it gets
    /// rebuilt). A hit refreshes the entry's last-use time, which `prune` sorts by.
    func lookup(_ key: String) -> String? {
        guard Self.isValidKey(key), isUsable() else { return nil }
        let folder = entriesFolder + "/" + key
        let metadataPath = folder + "/" + CacheEntry.metadataName
        // An entry another user could have planted (before the folder was tightened, or by
        // root) is never run: refused, removed, and the lab built again.
        for path in [folder, metadataPath, folder + "/" + CacheEntry.executableName] {
            guard let owner = FileOwnership.foreignOwner(path) else { continue }
            report("refused the compile cache entry \(path): it belongs to uid \(owner), not to you (uid \(geteuid())); removed, the lab is built again")
            removeEntry(folder: folder)
            return nil
        }
        guard let metadata = CacheFiles.readFile(metadataPath) else {
            // The common miss: no folder. A folder without metadata was never published whole
            // (or lost a file since): remove it, or it would block storing this key again.
            if FileOwnership.status(folder) != nil { removeEntry(folder: folder) }
            return nil
        }
        let executable = folder + "/" + CacheEntry.executableName
        guard let entry = CacheEntry(decoding: String(decoding: metadata.bytes, as: UTF8.self)),
              let contents = CacheFiles.readFile(executable),
              contents.status.st_mode & S_IXUSR != 0,
              entry.matches(contents.bytes)
        else {
            removeEntry(folder: folder)
            return nil
        }
        // The folder's mtime is the last use: set explicitly, so atime settings (noatime,
        // relatime) do not matter. A failure (read-only cache) only makes LRU less exact.
        CacheFiles.touch(folder)
        return executable
    }

    /// Publishes a freshly built executable: copies it into a private folder under `tmp/`,
    /// writes its metadata, then renames the folder to `entries/<key>` in one step. If another
    /// process published the same key first, theirs is used. Returns the cached executable, or
    /// nil if the cache is unusable (read-only, full, not ours): caching is best-effort.
    ///
    /// A copy rather than a hard link: the build folder is usually on another file system
    /// (`/tmp`), and a copy gives the cache an inode nothing else can write through.
    func store(_ key: String, executable: String) -> String? {
        guard Self.isValidKey(key), prepareLayout() else { return nil }
        if let existing = lookup(key) { return existing }
        guard let built = CacheFiles.readFile(executable) else { return nil }
        let entry = CacheEntry(describing: built.bytes)
        // Two attempts: the second covers an entry of someone else that we found damaged and
        // removed after our rename lost to it.
        for _ in 0..<2 {
            guard let staging = CacheFiles.makeTemporaryDirectory(in: temporaryFolder, prefix: String(key.prefix(16)) + ".") else { return nil }
            guard CacheFiles.writeNew(staging + "/" + CacheEntry.executableName, built.bytes, mode: 0o700),
                  CacheFiles.writeNew(staging + "/" + CacheEntry.metadataName, Array(entry.encoded.utf8), mode: 0o600)
            else {
                CacheFiles.removeTree(staging)
                return nil
            }
            let target = entriesFolder + "/" + key
            if rename(staging, target) == 0 { return target + "/" + CacheEntry.executableName }
            let failure = errno
            CacheFiles.removeTree(staging)
            // EEXIST or ENOTEMPTY (both are allowed for a non-empty target): someone else won.
            guard failure == EEXIST || failure == ENOTEMPTY else { return nil }
            if let theirs = lookup(key) { return theirs }
        }
        return nil
    }

    /// Removes least recently used entries until the entries total at most `sizeLimit` bytes,
    /// and temporary folders left behind by processes that died while storing.
    package func prune() {
        guard isUsable() else { return }
        let now = Date().timeIntervalSince1970
        for name in CacheFiles.names(in: temporaryFolder) {
            let path = temporaryFolder + "/" + name
            if let info = FileOwnership.status(path), now - CacheFiles.modificationTime(info) > Self.staleTemporaryAge {
                CacheFiles.removeTree(path)
            }
        }
        pruneLocks(now: now)

        var entries: [(folder: String, lastUse: Double, size: Int)] = []
        for name in CacheFiles.names(in: entriesFolder) {
            let folder = entriesFolder + "/" + name
            guard Self.isValidKey(name), let info = FileOwnership.status(folder), CacheFiles.isDirectory(info) else {
                removeEntry(folder: folder)  // nothing we publish looks like this
                continue
            }
            entries.append((folder, CacheFiles.modificationTime(info), CacheFiles.sizeOfFiles(in: folder)))
        }
        var total = entries.reduce(0) { $0 + $1.size }
        // Oldest first; the name breaks ties so the order is the same in every process.
        entries.sort { ($0.lastUse, $0.folder) < ($1.lastUse, $1.folder) }
        for entry in entries where total > sizeLimit {
            removeEntry(folder: entry.folder)
            total -= entry.size
        }
    }
}
