#if os(macOS)
import Darwin

/// macOS keeps ACLs apart from the mode (`chmod +a "mallory allow write"`): read through
/// `acl_get_file(ACL_TYPE_EXTENDED)`. Entries name users and groups by UUID; rather than map
/// each one, any entry that allows writing counts as someone else's (an owner rarely grants
/// themself by ACL what the mode already gives).
enum MacAccessControl {
    static let writing: [acl_perm_t] = [ACL_WRITE_DATA, ACL_APPEND_DATA, ACL_ADD_FILE, ACL_ADD_SUBDIRECTORY,
                                        ACL_DELETE, ACL_DELETE_CHILD, ACL_WRITE_SECURITY, ACL_CHANGE_OWNER]

    /// `["an ACL entry"]` per entry allowing a write, empty when none; nil when it cannot be read.
    static func writers(_ path: String) -> [String]? {
        guard let acl = acl_get_file(path, ACL_TYPE_EXTENDED) else {
            // No ACL, or a file system without them: nothing but the mode.
            return [ENOENT, ENOTSUP, EOPNOTSUPP].contains(errno) ? [] : nil
        }
        defer { acl_free(UnsafeMutableRawPointer(acl)) }
        var writers: [String] = []
        var entry: acl_entry_t? = nil
        var which = ACL_FIRST_ENTRY.rawValue
        while acl_get_entry(acl, which, &entry) == 0, let current = entry {
            which = ACL_NEXT_ENTRY.rawValue
            var tag = acl_tag_t(rawValue: 0)
            var permissions: acl_permset_t? = nil
            guard acl_get_tag_type(current, &tag) == 0, acl_get_permset(current, &permissions) == 0, let permissions else { return nil }
            if tag == ACL_EXTENDED_ALLOW, writing.contains(where: { acl_get_perm_np(permissions, $0) == 1 }) {
                writers.append("an ACL entry")
            }
        }
        return writers
    }
}
#endif
