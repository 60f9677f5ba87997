import Foundation
@testable import LabRunner

/// Every file and folder under a root, with what would show a write: size, mtime and mode.
struct FileTreeSnapshot: Equatable {
    struct Entry: Equatable, CustomStringConvertible {
        let size: Int
        let modified: Double
        let mode: mode_t
        var description: String { "\(size) bytes, mode \(String(mode, radix: 8)), mtime \(modified)" }
    }

    let entries: [String: Entry]

    init(_ root: String) {
        var entries: [String: Entry] = [:]
        for relative in (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? [] {
            // lstat: a symlink is recorded as itself, never followed out of the root.
            var info = stat()
            guard lstat(root + "/" + relative, &info) == 0 else { continue }
            entries[relative] = Entry(size: Int(info.st_size), modified: CacheFiles.modificationTime(info), mode: info.st_mode)
        }
        self.entries = entries
    }

    var paths: Set<String> { Set(entries.keys) }
}
