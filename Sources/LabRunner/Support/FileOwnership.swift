import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Whether another user could have written a file labrunner acts on: the rule the compile cache
/// (whose executables are run) and the `.labrunner` search (whose settings are obeyed) share.
package enum FileOwnership {
    /// `stat` of `path` (following symlinks), or nil.
    static func status(_ path: String) -> stat? {
        FileName.status(path)
    }

    /// `lstat` of `path` (a symlink as itself), or nil.
    static func linkStatus(_ path: String) -> stat? {
        FileName.linkStatus(path)
    }

    /// The owner of `info` when it is not the running user (nor root, when `trustingRoot`):
    /// root can write anything anyway, so a file of root's gives it nothing more.
    static func foreignOwner(_ info: stat, trustingRoot: Bool = false) -> uid_t? {
        info.st_uid == geteuid() || (trustingRoot && info.st_uid == 0) ? nil : info.st_uid
    }

    /// The owner of `path` (a symlink as itself) when it exists and is not the running user.
    static func foreignOwner(_ path: String) -> uid_t? {
        linkStatus(path).flatMap { foreignOwner($0) }
    }

    /// Whether a user other than the owner may write it by its mode: world-writable, or
    /// group-writable by a group that is not private to the owner (`GroupPrivacy`: no other user
    /// has it as primary or secondary group). A user private group counts as the owner's, as
    /// Debian's OpenSSH has it: with a umask of 002 every new file is group-writable by that group.
    static func othersCanWrite(_ info: stat, groups: GroupPrivacy) -> Bool {
        info.st_mode & 0o002 != 0 || (info.st_mode & 0o020 != 0 && !groups.isPrivate(UInt32(info.st_gid), to: UInt32(info.st_uid)))
    }

    /// Who else its access ACL lets write (`user:1001`, `group:50`), empty when no one; nil
    /// when it has an ACL this reader cannot read, which is then not trusted. The mode does not
    /// show them: `user:mallory:rw-` leaves mode 664.
    static func aclWriters(_ path: String, _ info: stat, groups: GroupPrivacy) -> [String]? {
        #if os(macOS)
        return MacAccessControl.writers(path)
        #else
        guard let bytes = ExtendedAttributes.value(of: "system.posix_acl_access", at: path) else { return [] }
        guard let acl = AccessControlList(xattr: bytes) else { return nil }
        let owner = UInt32(info.st_uid)
        return acl.writers(owner: owner, owningGroup: UInt32(info.st_gid)) { groups.isPrivate($0, to: owner) }
        #endif
    }

    /// Why the settings file at `path` may not be obeyed, or nil when only its owner (the
    /// running user or root) could have written it: the file (a symlink and its target) and its
    /// folder (both folders, for a symlink) must belong to the running user or root and be
    /// writable by no one else, by mode (`othersCanWrite`) or ACL (`aclWriters`), but for a folder with the sticky bit (as
    /// `/tmp`), where others cannot replace a file they do not own.
    package static func distrust(settingsFile path: String) -> String? {
        let real = FileName.kind(path) == nil ? path
            : FileName.carriesRawBytes(path) ? FileName.resolvingLinks(path) : URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        // Whoever can write the link's folder or the target's can swap the file.
        let folders = Set([path, real].map { ($0 as NSString).deletingLastPathComponent }).sorted()
        let checks = [(path, "it", false), (real, "it", true)] + folders.map { ($0, "its folder \($0)", true) }
        let groups = GroupPrivacy.system()
        for (checked, what, follow) in checks {
            guard let info = follow ? status(checked) : linkStatus(checked) else {
                return "cannot read \(what == "it" ? checked : what): \(String(cString: strerror(errno)))"
            }
            if let owner = foreignOwner(info, trustingRoot: true) {
                return "\(what) belongs to uid \(owner), neither you (uid \(geteuid())) nor root, so another user may have written it"
                    + " (run labrunner as its owner, or chown it)"
            }
            let isLink = info.st_mode & S_IFMT == S_IFLNK  // a symlink's own mode means nothing
            let sticky = info.st_mode & S_IFMT == S_IFDIR && info.st_mode & S_ISVTX != 0
            guard !isLink, !sticky else { continue }
            let done = what == "it" ? "changed it" : "replaced the file"
            if othersCanWrite(info, groups: groups) {
                let mode = String(info.st_mode & 0o7777, radix: 8)
                return "\(what) can be written by others (mode \(mode)), so another user could have \(done) (chmod go-w \(checked))"
            }
            guard let writers = aclWriters(checked, info, groups: groups) else {
                return "\(what) has an access ACL labrunner cannot read, so another user may be able to write it (setfacl -b \(checked))"
            }
            if !writers.isEmpty {
                return "\(what) can be written by others through its ACL (\(writers.joined(separator: ", "))), so another user could have \(done)"
                    + " (setfacl -b \(checked))"
            }
        }
        return nil
    }
}
