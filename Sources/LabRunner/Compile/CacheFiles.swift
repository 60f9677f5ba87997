import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The few file operations the compile cache needs, on plain system calls so that every
/// failure is a `nil`/`false` the cache turns into "no cache", never a thrown error or a crash.
enum CacheFiles {
    static func isDirectory(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFDIR }
    static func isRegularFile(_ info: stat) -> Bool { info.st_mode & S_IFMT == S_IFREG }

    /// Modification time in seconds since 1970, with the nanoseconds the file system keeps.
    static func modificationTime(_ info: stat) -> Double {
        #if canImport(Darwin)
        let time = info.st_mtimespec
        #else
        let time = info.st_mtim
        #endif
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Sets the modification (and access) time of `path` to now, or to `seconds` since 1970.
    @discardableResult
    static func touch(_ path: String, at seconds: Double? = nil) -> Bool {
        guard let seconds else { return utimensat(AT_FDCWD, path, nil, 0) == 0 }
        let whole = seconds.rounded(.down)
        let time = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1e9))
        return [time, time].withUnsafeBufferPointer { utimensat(AT_FDCWD, path, $0.baseAddress, 0) == 0 }
    }

    /// Creates `path` and any missing parents, each with mode 0700. True if `path` ends up a
    /// directory (new or existing).
    static func makeDirectories(_ path: String) -> Bool {
        if let info = FileOwnership.status(path) { return isDirectory(info) }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path, FileOwnership.status(parent) == nil, !makeDirectories(parent) { return false }
        if mkdir(path, 0o700) == 0 {
            chmod(path, 0o700)  // exactly 0700 whatever the umask
            return true
        }
        // Another process may have created it in the meantime.
        return errno == EEXIST && FileOwnership.status(path).map(isDirectory) == true
    }

    /// A new, uniquely named folder (mode 0700) in `folder`, or nil.
    static func makeTemporaryDirectory(in folder: String, prefix: String) -> String? {
        var template = Array((folder + "/" + prefix + "XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { return nil }
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// All bytes of a regular file the running user owns and its `stat` (taken on the open
    /// descriptor, so they describe the same file), or nil; never through a symlink. Reads
    /// straight into the array, sized from `fstat`: a file that grows while being read is
    /// reported as unreadable rather than chased.
    static func readFile(_ path: String) -> (bytes: [UInt8], status: stat)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, isRegularFile(info), info.st_uid == geteuid() else { return nil }
        // One byte more than expected, to notice growth.
        let capacity = Int(info.st_size) + 1
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            while count < capacity {
                let got = read(descriptor, buffer.baseAddress! + count, capacity - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { break }
                count += got
            }
        }
        guard !failed, bytes.count < capacity else { return nil }
        return (bytes, info)
    }

    /// Writes `bytes` to a new file at `path` (fails if it exists) with `mode`.
    static func writeNew(_ path: String, _ bytes: [UInt8], mode: mode_t) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return false }
        var offset = 0
        var succeeded = true
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                succeeded = false
                break
            }
            offset += written
        }
        // The mode passed to open is reduced by the umask; an executable must keep its x bit.
        succeeded = succeeded && fchmod(descriptor, mode) == 0
        succeeded = close(descriptor) == 0 && succeeded
        if !succeeded { unlink(path) }
        return succeeded
    }

    /// Names in `folder`, without `.` and `..`; empty if it cannot be read.
    static func names(in folder: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    }

    /// Removes a file or a whole folder; errors are ignored (the next prune tries again).
    static func removeTree(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Total size in bytes of the regular files directly in `folder`.
    static func sizeOfFiles(in folder: String) -> Int {
        names(in: folder).reduce(0) { total, name in
            guard let info = FileOwnership.status(folder + "/" + name), isRegularFile(info) else { return total }
            return total + Int(info.st_size)
        }
    }

    /// Whether `descriptor` is open on the file now at `path`, not on one removed or replaced
    /// since: a lock taken on a removed file guards nothing.
    static func isOpen(_ descriptor: Int32, onFileAt path: String) -> Bool {
        var opened = stat(), atPath = stat()
        guard fstat(descriptor, &opened) == 0, stat(path, &atPath) == 0 else { return false }
        return opened.st_ino == atPath.st_ino && opened.st_dev == atPath.st_dev
    }

    /// `realpath`, or nil when some component is missing.
    static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }
}
