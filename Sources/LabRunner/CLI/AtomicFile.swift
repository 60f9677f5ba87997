import Foundation

/// Replacing a file's contents so that readers see the old bytes or the new, never a mix,
/// and a failure at any point leaves the original as it was.
enum AtomicFile {
    enum WriteError: Error, CustomStringConvertible {
        case changedOnDisk(String)
        case failed(String, reason: String)

        var description: String {
            switch self {
            case .changedOnDisk(let path): "\(path) changed on disk since it was read; not updated (run again)"
            case .failed(let path, let reason): "cannot update \(path): \(reason); the file is unchanged"
            }
        }
    }

    /// Writes `bytes` to `path` if the file still holds `expected`: a temporary file in the same
    /// folder (same permissions), flushed to disk, then renamed over the original.
    static func replace(_ givenPath: String, expected: [UInt8], with bytes: [UInt8]) throws(WriteError) {
        // Replace the file a symlink points to, not the link itself.
        let path = URL(fileURLWithPath: givenPath).resolvingSymlinksInPath().path
        guard let current = FileManager.default.contents(atPath: path), [UInt8](current) == expected else {
            throw .changedOnDisk(path)
        }
        var info = stat()
        guard stat(path, &info) == 0 else { throw .failed(path, reason: errnoText()) }
        guard access(path, W_OK) == 0 else { throw .failed(path, reason: "it is read-only") }
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.\(name).labrunner-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw .failed(path, reason: "cannot create a temporary file: \(errnoText())") }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        pending.withLock { _ = $0.insert(temporary) }
        var succeeded = false
        defer {
            if !succeeded { unlink(temporary) }
            pending.withLock { _ = $0.remove(temporary) }
        }
        let wrote = writeAll(bytes, to: descriptor)
        let synced = wrote && fchmod(descriptor, info.st_mode & 0o7777) == 0 && fsync(descriptor) == 0
        let reason = errnoText()
        close(descriptor)
        guard wrote, synced else { throw .failed(path, reason: reason) }
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
    static func stopReplacing() {
        gate.withLock { $0 = true }
    }

    /// Temporary files being written, removed by `removePending()` if the run is interrupted.
    private static let pending = LockedValue<Set<String>>([])

    static func removePending() {
        for path in pending.withLock({ $0 }) { unlink(path) }
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
