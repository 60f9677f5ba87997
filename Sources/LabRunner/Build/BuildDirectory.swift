import Foundation

/// A build folder only the current user can read (0700), removed when the run is over.
struct BuildDirectory: Sendable {
    let path: String

    static func makePrivate() throws(BuildError) -> BuildDirectory {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array((base + "/labrunner-XXXXXX").utf8CString)
        // mkdtemp creates the folder with mode 0700 and a name nobody else can predict.
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else {
            throw .buildDirectory("mkdtemp in \(base): \(String(cString: strerror(errno)))")
        }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        live.withLock { _ = $0.insert(path) }
        return BuildDirectory(path: path)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
        Self.live.withLock { _ = $0.remove(path) }
    }

    /// Removes every build folder still in use; for an interrupted run.
    static func removeAllLive() {
        for path in live.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }

    private static let live = LockedValue<Set<String>>([])
}
