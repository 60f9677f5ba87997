import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The cache's folders, and the checks that make them safe to run executables from.
extension CompileCache {
    var entriesFolder: String { directory + "/entries" }
    var temporaryFolder: String { directory + "/tmp" }
    var compilersFolder: String { directory + "/compilers" }
    var modulesFolder: String { directory + "/modules" }
    var locksFolder: String { directory + "/locks" }
    /// `--package` builds, one folder per package sources (`PackageBuild`).
    package var packagesFolder: String { directory + "/packages" }

    /// Creates the folders (0700) if needed; false if the cache cannot be written or used.
    func prepareLayout() -> Bool {
        guard CacheFiles.makeDirectories(directory), isUsable() else { return false }
        return [entriesFolder, temporaryFolder, compilersFolder, modulesFolder, locksFolder].allSatisfy(CacheFiles.makeDirectories)
    }

    /// The cache folder and its folders must be ours and writable by nobody else, or another
    /// user could plant an executable we would run. A folder of ours with a looser mode (made by
    /// `mkdir -p`) is tightened to 0700 rather than refused; one of someone else is refused, said
    /// once, and the run goes on without the cache. (What clang keeps inside `modules/` is
    /// clang's; only the folder itself is checked.)
    func isUsable() -> Bool {
        guard let info = FileOwnership.status(directory), CacheFiles.isDirectory(info) else { return false }
        // The cache folder may be reached through a symlink (a moved ~/.cache); its folders,
        // which labrunner makes, never are.
        let folders = [(directory, info)] + [entriesFolder, temporaryFolder, compilersFolder, modulesFolder, locksFolder]
            .compactMap { folder in FileOwnership.linkStatus(folder).map { (folder, $0) } }  // missing: made later, by us
        for (folder, info) in folders {
            let what = folder == directory ? "it" : "its folder \(folder)"
            guard info.st_uid == geteuid() else {
                report("not using the compile cache \(directory): \(what) belongs to uid \(info.st_uid), not to you (uid \(geteuid())), so anything in it could have been planted; labs are built without it (remove it, or choose another folder with --cache-dir)")
                return false
            }
            guard CacheFiles.isDirectory(info) else {
                report("not using the compile cache \(directory): \(what) is not a folder (labrunner makes it as one); labs are built without it (remove it, or choose another folder with --cache-dir)")
                return false
            }
            if info.st_mode & 0o077 != 0, chmod(folder, 0o700) != 0 { return false }
        }
        return true
    }

    /// Calls `warn` the first time this process sees `message`.
    func report(_ message: String) {
        if Self.reported.withLock({ $0.insert(message).inserted }) { warn(message) }
    }

    private static let reported = LockedValue<Set<String>>([])

    /// Takes an entry out of `entries/` in one rename, then deletes it at leisure.
    func removeEntry(folder: String) {
        let name = (folder as NSString).lastPathComponent
        guard let grave = CacheFiles.makeTemporaryDirectory(in: temporaryFolder, prefix: "removed.") else {
            CacheFiles.removeTree(folder)  // no tmp/ (read-only?): removing in place is all we can try
            return
        }
        if rename(folder, grave + "/" + name) != 0 { CacheFiles.removeTree(folder) }
        CacheFiles.removeTree(grave)
    }

    /// Keys are 64 lowercase hex digits; anything else (a path, `..`) is never a file name here.
    static func isValidKey(_ key: String) -> Bool {
        key.utf8.count == 64 && key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func join(_ base: String, _ rest: String) -> String {
        base.hasSuffix("/") ? base + rest : base + "/" + rest
    }
}
