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

        package var description: String {
            switch self {
            case .changedOnDisk(let path): "\(path) changed on disk since it was read; not updated (run again)"
            case .readOnly(let path): "cannot update \(path): it is read-only; the file is unchanged"
            case .hardLinked(let path, let links):
                "cannot update \(path): it has \(links) hard links, and replacing it would leave the other \(links - 1 == 1 ? "name" : "names") with the old text; the file is unchanged (update a copy, or remove the other links)"
            case .ownerNotKept(let path):
                "cannot update \(path): it belongs to another user or group, which the updated file could not keep; the file is unchanged"
            case .failed(let path, let reason): "cannot update \(path): \(reason); the file is unchanged"
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
        let path = URL(fileURLWithPath: givenPath).resolvingSymlinksInPath().path
        try checkUnchanged(path, expected: expected)
        var info = stat()
        guard stat(path, &info) == 0 else { throw .failed(path, reason: errnoText()) }
        // The rename never needs write permission on the file itself, and root passes access()
        // anyway: a file without its owner's write bit is read-only by the owner's choice, so
        // it is refused explicitly, as editors do.
        guard info.st_mode & S_IWUSR != 0, access(path, W_OK) == 0 else { throw .readOnly(path) }
        guard info.st_nlink <= 1 else { throw .hardLinked(path, links: Int(info.st_nlink)) }

        try beforeStep(.createTemporary, nil)
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).labrunner-XXXXXX").utf8CString)
        // Created and registered under the lock, so an interrupt's removePending() cannot run
        // between the two and miss the file; and never once the run is being interrupted (the
        // handler stops replacing before it removes pending files, and exits right after: a file
        // made later would be left behind).
        let descriptor = pending.withLock { pending in
            if gate.withLock({ $0 }) {
                errno = EINTR
                return Int32(-1)
            }
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            if descriptor >= 0 {
                pending.insert(String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
            }
            return descriptor
        }
        guard descriptor >= 0 else { throw .failed(path, reason: "cannot create a temporary file: \(errnoText())") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var isOpen = true
        var succeeded = false
        defer {
            if isOpen { close(descriptor) }
            if !succeeded { unlink(temporary) }
            pending.withLock { _ = $0.remove(temporary) }
        }

        try beforeStep(.write, temporary)
        guard writeAll(bytes, to: descriptor) else { throw .failed(path, reason: errnoText()) }
        try beforeStep(.sync, temporary)
        // The new file is the running user's: give it the lab's owner and group (root can, and
        // must, or a student's lab becomes root's), then the mode (chown clears set-id bits).
        var created = stat()
        guard fstat(descriptor, &created) == 0 else { throw .failed(path, reason: errnoText()) }
        if created.st_uid != info.st_uid || created.st_gid != info.st_gid {
            guard fchown(descriptor, info.st_uid, info.st_gid) == 0 else { throw .ownerNotKept(path) }
        }
        guard fchmod(descriptor, info.st_mode & 0o7777) == 0 else { throw .failed(path, reason: errnoText()) }
        ExtendedAttributes.copy(from: path, to: descriptor)
        guard fsync(descriptor) == 0 else { throw .failed(path, reason: errnoText()) }
        isOpen = false
        guard close(descriptor) == 0 else { throw .failed(path, reason: errnoText()) }

        try beforeStep(.rename, temporary)
        // Checked again as late as possible: a lab edited while it ran (or while this wrote)
        // must not lose the edit. Only the moment between this read and rename(2) stays open.
        try checkUnchanged(path, expected: expected)
        // Under the gate: once `stopReplacing()` has returned, no lab changes any more.
        let renamed: Result<Void, WriteError> = gate.withLock { stopped in
            if stopped { return .failure(.failed(path, reason: "the run was interrupted")) }
            return rename(temporary, path) == 0 ? .success(()) : .failure(.failed(path, reason: errnoText()))
        }
        try renamed.get()
        succeeded = true
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
        for path in pending.withLock({ $0 }) { unlink(path) }
    }

    private static func checkUnchanged(_ path: String, expected: [UInt8]) throws(WriteError) {
        guard let current = FileManager.default.contents(atPath: path), [UInt8](current) == expected else {
            throw .changedOnDisk(path)
        }
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
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
