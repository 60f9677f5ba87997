import Foundation

/// Replacing a file's contents so that readers see the old bytes or the new, never a mix,
/// and a failure at any point leaves the original as it was.
package enum AtomicFile {
    package enum WriteError: Error, CustomStringConvertible, Equatable {
        case changedOnDisk(String)
        case readOnly(String)
        /// More than one name reaches the file: a rename would give this name a new file and
        /// leave the others with the old text.
        case hardLinked(String, links: Int)
        /// The replacement cannot be given the original's owner and group (not running as root).
        case ownerNotKept(String)
        case failed(String, reason: String)
        /// A file the user asked for (`write(_:to:)`) could not be written.
        case notWritten(String, reason: String)

        package var description: String {
            switch self {
            case .changedOnDisk(let path): "\(path) changed on disk since it was read; not updated (run again)"
            case .readOnly(let path): "cannot update \(path): it is read-only; the file is unchanged"
            case .hardLinked(let path, let links):
                "cannot update \(path): it has \(links) hard links, and replacing it would leave the other \(links - 1 == 1 ? "name" : "names") with the old text; the file is unchanged (update a copy, or remove the other links)"
            case .ownerNotKept(let path):
                "cannot update \(path): it belongs to another user or group, which the updated file could not keep; the file is unchanged"
            case .failed(let path, let reason): "cannot update \(path): \(reason); the file is unchanged"
            case .notWritten(let path, let reason): "cannot write \(path): \(reason)"
            }
        }
    }

    /// The steps of a replacement, in order. Only the last one touches the original.
    package enum Step: CaseIterable, Sendable {
        /// Creating the temporary file beside the original.
        case createTemporary
        /// Writing the new bytes into it.
        case write
        /// Giving it the original's owner, group, permissions and extended attributes, and
        /// flushing it to disk.
        case sync
        /// Checking the original once more, then renaming the temporary file over it.
        case rename
    }

    /// Writes `bytes` to `path` if the file still holds `expected`: a temporary file in the same
    /// folder (same owner, group, permissions and extended attributes), flushed to disk, then
    /// renamed over the original. A hard-linked file is refused: the rename would split it.
    ///
    /// `beforeStep` is a seam for tests: it runs before each step with the temporary file's path
    /// (nil before it exists) and may throw to make that step fail, or change the files.
    package static func replace(
        _ givenPath: String, expected: [UInt8], with bytes: [UInt8],
        beforeStep: (Step, _ temporary: String?) throws(WriteError) -> Void = { _, _ in }
    ) throws(WriteError) {
        // Replace the file a symlink points to, not the link itself.
        // (Foundation's URL reads names as UTF-8 text; a Latin-1 name is resolved by its bytes.)
        let path = FileName.carriesRawBytes(givenPath)
            ? FileName.resolvingLinks(givenPath) : URL(fileURLWithPath: givenPath).resolvingSymlinksInPath().path
        try checkUnchanged(path, expected: expected)
        var info = stat()
        guard FileName.withSystemPath(path, { stat($0, &info) }) == 0 else { throw .failed(path, reason: errnoText()) }
        // The rename never needs write permission on the file itself, and root passes access()
        // anyway: a file without its owner's write bit is read-only by the owner's choice, so
        // it is refused explicitly, as editors do.
        guard info.st_mode & S_IWUSR != 0, FileName.withSystemPath(path, { access($0, W_OK) }) == 0 else { throw .readOnly(path) }
        guard info.st_nlink <= 1 else { throw .hardLinked(path, links: Int(info.st_nlink)) }

        try publish(bytes, at: path, permissions: 0o600, beforeStep: beforeStep, prepare: { descriptor throws(WriteError) in
            // The new file is the running user's: give it the lab's owner and group (root can, and
            // must, or a student's lab becomes root's), then the mode (chown clears set-id bits).
            var created = stat()
            guard fstat(descriptor, &created) == 0 else { throw .failed(path, reason: errnoText()) }
            if created.st_uid != info.st_uid || created.st_gid != info.st_gid {
                guard fchown(descriptor, info.st_uid, info.st_gid) == 0 else { throw .ownerNotKept(path) }
            }
            guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { throw .failed(path, reason: errnoText()) }
            ExtendedAttributes.copy(from: path, to: descriptor)
        }, beforeRename: { () throws(WriteError) in
            // Checked again as late as possible: a lab edited while it ran (or while this wrote)
            // must not lose the edit. Only the moment between this read and rename(2) stays open.
            try checkUnchanged(path, expected: expected)
        })
    }

    /// Writes `bytes` as the whole file at `path`, made or replaced, for a file the user asked
    /// for (a report, a page, a copy): a temporary file in the same folder, flushed to disk, then
    /// renamed over the name, so a reader or a failure never leaves half a file. A new file gets
    /// the usual mode (0666 less the umask); a file already there keeps its mode. The name itself
    /// is replaced, as a save does: a symlink there becomes the new file.
    package static func write(_ bytes: [UInt8], to path: String) throws(WriteError) {
        var existing = stat()
        let keptMode: mode_t? = FileName.withSystemPath(path, { lstat($0, &existing) }) == 0 && existing.st_mode & S_IFMT == S_IFREG ? existing.st_mode & 0o7777 : nil
        do {
            // Created with 0666, so the umask applies as it does to any new file.
            try publish(bytes, at: path, permissions: 0o666, prepare: { descriptor throws(WriteError) in
                if let keptMode, fchmod(descriptor, keptMode) != 0 { throw .failed(path, reason: errnoText()) }
            })
        } catch .failed(let path, let reason) {
            throw .notWritten(path, reason: reason)
        }
    }

    /// The steps every write shares: a temporary file beside `path` (registered for
    /// `removePending()`), the bytes, `prepare` (owner, mode), a flush, then `beforeRename` and
    /// the rename. The temporary file is gone afterwards whatever happened.
    private static func publish(
        _ bytes: [UInt8], at path: String, permissions: mode_t,
        beforeStep: (Step, _ temporary: String?) throws(WriteError) -> Void = { _, _ in },
        prepare: (Int32) throws(WriteError) -> Void,
        beforeRename: () throws(WriteError) -> Void = {}
    ) throws(WriteError) {
        try beforeStep(.createTemporary, nil)
        let (descriptor, temporary) = try createTemporary(beside: path, permissions: permissions)
        var isOpen = true
        var succeeded = false
        defer {
            if isOpen { close(descriptor) }
            if !succeeded { FileName.withSystemPath(temporary) { _ = unlink($0) } }
            pending.withLock { _ = $0.remove(temporary) }
        }

        try beforeStep(.write, temporary)
        guard writeAll(bytes, to: descriptor) else { throw .failed(path, reason: errnoText()) }
        try beforeStep(.sync, temporary)
        try prepare(descriptor)
        guard fsync(descriptor) == 0 else { throw .failed(path, reason: errnoText()) }
        isOpen = false
        guard close(descriptor) == 0 else { throw .failed(path, reason: errnoText()) }

        try beforeStep(.rename, temporary)
        try beforeRename()
        // Under the gate: once `stopReplacing()` has returned, no lab changes any more.
        let renamed: Result<Void, WriteError> = gate.withLock { stopped in
            if stopped { return .failure(.failed(path, reason: "the run was interrupted")) }
            return FileName.withSystemPath(temporary, { from in FileName.withSystemPath(path) { rename(from, $0) } }) == 0 ? .success(()) : .failure(.failed(path, reason: errnoText()))
        }
        try renamed.get()
        succeeded = true
    }

    /// `.NAME.labrunner-XXXXXX` beside `path`, opened for writing with `permissions` (less the
    /// umask) and a name nobody can predict, like mkstemp's.
    private static func createTemporary(beside path: String, permissions: mode_t) throws(WriteError) -> (Int32, String) {
        let folder = (path as NSString).deletingLastPathComponent
        let prefix = (folder.isEmpty ? "." : folder) + "/." + (path as NSString).lastPathComponent + ".labrunner-"
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        for _ in 0..<100 {
            let temporary = prefix + String((0..<6).map { _ in letters.randomElement() ?? "x" })
            // Created and registered under the lock, so an interrupt's removePending() cannot run
            // between the two and miss the file; and never once the run is being interrupted (the
            // handler stops replacing before it removes pending files, and exits right after: a
            // file made later would be left behind).
            let descriptor = pending.withLock { pending in
                if gate.withLock({ $0 }) {
                    errno = EINTR
                    return Int32(-1)
                }
                let descriptor = FileName.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
                if descriptor >= 0 { pending.insert(temporary) }
                return descriptor
            }
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno != EEXIST { break }
        }
        throw .failed(path, reason: "cannot create a temporary file: \(errnoText())")
    }

    /// True once the run is being interrupted: no more renames over labs.
    private static let gate = LockedValue(false)

    /// Lets a rename already under way finish and refuses every later one, so an interrupted
    /// `--update` leaves each lab as it was or wholly updated, never touched after the signal.
    package static func stopReplacing() {
        gate.withLock { $0 = true }
    }

    /// Temporary files being written, removed by `removePending()` if the run is interrupted.
    private static let pending = LockedValue<Set<String>>([])

    package static func removePending() {
        removePending(where: { _ in true })
    }

    /// The pending temporary files `isRemoved` picks: a test removes its own, not another test's.
    static func removePending(where isRemoved: (String) -> Bool) {
        for path in pending.withLock({ $0 }) where isRemoved(path) { FileName.withSystemPath(path) { _ = unlink($0) } }
    }

    private static func checkUnchanged(_ path: String, expected: [UInt8]) throws(WriteError) {
        guard let current = FileName.contents(path), current == expected else {
            throw .changedOnDisk(path)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
