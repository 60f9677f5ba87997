import Foundation

/// A build folder only the current user can read (0700), removed when the run is over.
///
/// It holds an exclusive `flock` on its `.lock` file for as long as it lives. A run killed with
/// SIGKILL cannot remove its folders, and the kernel drops its locks; the next run to make a
/// build folder removes every `labrunner-XXXXXX` folder of the same TMPDIR whose lock it can take
/// (`AbandonedBuildFolders`). A lock, not a process id: ids are reused, locks die with the process.
package struct BuildDirectory: Sendable {
    package let path: String
    /// The open `.lock` file (close-on-exec, and children are spawned with other fds closed, so
    /// only this process holds the lock). Shared by copies of this value and closed once: a second
    /// `close` would hit whatever file reused the number meanwhile.
    private let lock: FolderLock

    static let prefix = "labrunner-"
    static let lockName = ".lock"

    package static func makePrivate(in base: String = FileManager.default.temporaryDirectory.path) throws(BuildError) -> BuildDirectory {
        AbandonedBuildFolders.removeOnce(in: base)
        // Another run's sweep may take the lock of a folder made a moment ago, before its lock
        // was taken, and remove it: such a folder is given up, and another one made.
        for _ in 0..<5 {
            let made = try make(in: base)
            let locked = lock(made)
            if case .success(let descriptor?) = locked { return BuildDirectory(path: made, lock: FolderLock(descriptor)) }
            try? FileManager.default.removeItem(atPath: made)
            registry.withLock { _ = $0.live.remove(made) }
            if case .failure(let error) = locked { throw error }
        }
        throw .buildDirectory("no folder in \(base) stayed ours long enough to lock it")
    }

    private static func make(in base: String) throws(BuildError) -> String {
        var template = Array((base + "/" + prefix + "XXXXXX").utf8CString)
        // Made under the lock, so a folder is either seen by `removeAllLive()` or never made.
        let made: Result<String, BuildError> = registry.withLock { registry in
            guard !registry.isClosed else { return .failure(.buildDirectory("the run is being interrupted")) }
            // mkdtemp creates the folder with mode 0700 and a name nobody else can predict.
            guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
                return .failure(.buildDirectory("mkdtemp in \(base): \(String(cString: strerror(errno)))"))
            }
            let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
            registry.live.insert(path)
            return .success(path)
        }
        return try made.get()
    }

    /// The descriptor holding the folder's lock; nil if another run's sweep took the lock first
    /// or removed the folder meanwhile (the lock file at the path is not the one locked).
    private static func lock(_ folder: String) -> Result<Int32?, BuildError> {
        let file = folder + "/" + lockName
        let descriptor = open(file, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == EEXIST { return .success(nil) }
            return .failure(.buildDirectory("cannot create \(file): \(String(cString: strerror(code)))"))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, CacheFiles.isOpen(descriptor, onFileAt: file) else {
            close(descriptor)
            return .success(nil)
        }
        return .success(descriptor)
    }

    package func remove() {
        try? FileManager.default.removeItem(atPath: path)
        Self.registry.withLock { _ = $0.live.remove(path) }
        lock.close()
    }

    /// Removes every build folder still in use, and refuses to make new ones: for an
    /// interrupted run, after its processes were killed (a live swiftc could still write).
    /// Their locks go with the process, which is about to exit.
    ///
    /// A process killed a moment ago may still be writing (SIGKILL takes effect when the process
    /// is next scheduled, later on a loaded machine): a file it adds while the folder is being
    /// emptied makes the last `rmdir` fail, so what is left is removed again for a short while.
    package static func removeAllLive(retryingFor seconds: Double = 2) {
        var left = registry.withLock { registry in
            registry.isClosed = true
            defer { registry.live.removeAll() }
            return Array(registry.live)
        }
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            left = left.filter { path in
                (try? FileManager.default.removeItem(atPath: path)) == nil && FileManager.default.fileExists(atPath: path)
            }
            if left.isEmpty || Date() >= deadline { return }
            usleep(20_000)
        }
    }

    private struct Registry {
        var live: Set<String> = []
        var isClosed = false
    }

    private static let registry = LockedValue(Registry())
}

/// A lock file's descriptor, closed at most once however many times its folder is removed.
private final class FolderLock: Sendable {
    private let descriptor: LockedValue<Int32>

    init(_ descriptor: Int32) { self.descriptor = LockedValue(descriptor) }

    func close() {
        descriptor.withLock { descriptor in
            guard descriptor >= 0 else { return }
            _ = Foundation.close(descriptor)
            descriptor = -1
        }
    }
}
