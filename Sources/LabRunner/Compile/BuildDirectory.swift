import Foundation

/// A build folder only the current user can read (0700), removed when the run is over.
package struct BuildDirectory: Sendable {
    package let path: String

    package static func makePrivate() throws(BuildError) -> BuildDirectory {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array((base + "/labrunner-XXXXXX").utf8CString)
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
        return BuildDirectory(path: try made.get())
    }

    package func remove() {
        try? FileManager.default.removeItem(atPath: path)
        Self.registry.withLock { _ = $0.live.remove(path) }
    }

    /// Removes every build folder still in use, and refuses to make new ones: for an
    /// interrupted run, after its processes were killed (a live swiftc could still write).
    package static func removeAllLive() {
        registry.withLock { registry in
            registry.isClosed = true
            for path in registry.live { try? FileManager.default.removeItem(atPath: path) }
            registry.live.removeAll()
        }
    }

    private struct Registry {
        var live: Set<String> = []
        var isClosed = false
    }

    private static let registry = LockedValue(Registry())
}
