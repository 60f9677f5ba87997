import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What `stat` says about a path, enough to see that a file was saved: an editor that writes a
/// new file and renames it over the old one changes the inode, one that writes in place changes
/// the size or the modification time (nanoseconds where the file system keeps them).
package struct FileStamp: Sendable, Equatable {
    package var device: UInt64 = 0
    package var inode: UInt64 = 0
    package var size: Int64 = 0
    package var modified: Int64 = 0
    package var changed: Int64 = 0
    /// False when the path names nothing (an editor between removing and writing the file).
    package var exists = true

    package static let missing = FileStamp(exists: false)

    package init(device: UInt64 = 0, inode: UInt64 = 0, size: Int64 = 0, modified: Int64 = 0, changed: Int64 = 0,
                 exists: Bool = true) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modified = modified
        self.changed = changed
        self.exists = exists
    }

    /// The path's stamp now (following a symbolic link, as reading the lab does).
    package static func of(_ path: String) -> FileStamp {
        guard let info = FileName.status(path) else { return .missing }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        let changed = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        let changed = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
        #endif
        // dev_t is signed on Darwin: convert without trapping.
        return FileStamp(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
                         size: Int64(info.st_size), modified: modified, changed: changed)
    }
}
