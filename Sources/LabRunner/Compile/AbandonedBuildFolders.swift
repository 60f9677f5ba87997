import Foundation

/// Build folders left by runs that could not clean up (killed with SIGKILL, crashed): those in
/// a TMPDIR whose `.lock` nobody holds any more.
///
/// A folder counts only if it is named like one (`labrunner-` and six `mkdtemp` characters), is a
/// real folder owned by this user and has a lock file: one without is being made right now (the
/// lock follows `mkdtemp` at once) or is not ours to judge. The lock is taken before removing, so
/// a live run, which holds its lock until its folder is gone, never loses one.
enum AbandonedBuildFolders {
    private static let swept = LockedValue(Set<String>())

    /// Sweeps `base` the first time this process makes a build folder there.
    static func removeOnce(in base: String) {
        guard swept.withLock({ $0.insert(base).inserted }) else { return }
        remove(in: base)
    }

    static func remove(in base: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base) else { return }
        for name in names where isBuildFolderName(name) {
            let folder = base + "/" + name
            var info = stat()
            guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == geteuid() else { continue }
            let descriptor = open(folder + "/" + BuildDirectory.lockName, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            // Held: a live run's. Taken: nobody's, and nobody can take it while it is removed.
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    static func isBuildFolderName(_ name: String) -> Bool {
        let suffix = name.utf8.dropFirst(BuildDirectory.prefix.utf8.count)
        return name.hasPrefix(BuildDirectory.prefix) && suffix.count == 6
            && suffix.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }
}
