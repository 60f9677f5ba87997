/// A POSIX access ACL as Linux stores it in the `system.posix_acl_access` extended attribute:
/// a little-endian `u32` version (2), then 8-byte entries (`u16` tag, `u16` permissions, `u32`
/// id). Parsed here rather than through libacl, which the toolchain does not link.
///
/// The mode bits alone hide it: a file with `user:mallory:rw-` shows mode 664 (the group bits
/// are then the ACL's mask), so "writable by no one else" must read the entries.
struct AccessControlList: Sendable, Equatable {
    enum Tag: UInt16, Sendable {
        case owner = 0x01, user = 0x02, owningGroup = 0x04, group = 0x08, mask = 0x10, other = 0x20
    }

    struct Entry: Sendable, Equatable {
        let tag: Tag
        /// `r` 4, `w` 2, `x` 1.
        let permissions: UInt16
        /// The uid (`user`) or gid (`group`); unused for the other tags.
        let id: UInt32
    }

    static let version: UInt32 = 2
    static let write: UInt16 = 0o2

    let entries: [Entry]

    /// The ACL in `bytes`, or nil when they are not one (a version or tag this reader does not
    /// know, a size that is no whole number of entries): a caller must then distrust the file.
    init?(xattr bytes: [UInt8]) {
        func integer(at offset: Int, size: Int) -> UInt32 {
            (0..<size).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * $1) }
        }
        guard bytes.count >= 4, (bytes.count - 4) % 8 == 0, integer(at: 0, size: 4) == Self.version else { return nil }
        var entries: [Entry] = []
        var offset = 4
        while offset < bytes.count {
            guard let tag = Tag(rawValue: UInt16(integer(at: offset, size: 2))) else { return nil }
            entries.append(Entry(tag: tag, permissions: UInt16(integer(at: offset + 2, size: 2)), id: integer(at: offset + 4, size: 4)))
            offset += 8
        }
        self.entries = entries
    }

    init(entries: [Entry]) { self.entries = entries }

    /// The entries that let someone other than `owner` write, as `chmod`'s and `getfacl`'s words
    /// say them (`user:1001`, `group:50`, `other`): a named user, the owning or a named group
    /// that is not private to the owner (`isPrivate`), or others. A named entry's write counts
    /// only when the mask lets it through, as the kernel checks it.
    func writers(owner: UInt32, owningGroup: UInt32, isPrivate: (_ gid: UInt32) -> Bool) -> [String] {
        let mask = entries.first { $0.tag == .mask }?.permissions ?? 0o7
        return entries.compactMap { entry in
            switch entry.tag {
            case .owner, .mask: return nil
            case .other: return entry.permissions & Self.write != 0 ? "other" : nil
            case .user:
                return entry.permissions & mask & Self.write != 0 && entry.id != owner ? "user:\(entry.id)" : nil
            case .owningGroup:
                return entry.permissions & mask & Self.write != 0 && !isPrivate(owningGroup) ? "group:\(owningGroup)" : nil
            case .group:
                return entry.permissions & mask & Self.write != 0 && !isPrivate(entry.id) ? "group:\(entry.id)" : nil
            }
        }
    }
}
