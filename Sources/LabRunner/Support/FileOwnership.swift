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
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }

    /// `lstat` of `path` (a symlink as itself), or nil.
    static func linkStatus(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
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

    /// Whether a user other than the owner may write it: world-writable, or group-writable by a
    /// group that is not the owner's own. A user private group (named as its user, the user's
    /// primary group, no other member listed) counts as the owner's, as Debian's OpenSSH has it:
    /// with a umask of 002 every new file is group-writable by that group.
    static func othersCanWrite(_ info: stat) -> Bool {
        info.st_mode & 0o002 != 0 || (info.st_mode & 0o020 != 0 && !isPrivateGroup(info.st_gid, of: info.st_uid))
    }

    private static func isPrivateGroup(_ gid: gid_t, of uid: uid_t) -> Bool {
        var userEntry = passwd()
        var groupEntry = group()
        var userFound: UnsafeMutablePointer<passwd>? = nil
        var groupFound: UnsafeMutablePointer<group>? = nil
        var userBuffer = [CChar](repeating: 0, count: 16_384)
        var groupBuffer = [CChar](repeating: 0, count: 65_536)
        guard getpwuid_r(uid, &userEntry, &userBuffer, userBuffer.count, &userFound) == 0, userFound != nil,
              getgrgid_r(gid, &groupEntry, &groupBuffer, groupBuffer.count, &groupFound) == 0, groupFound != nil,
              let userName = userEntry.pw_name, let groupName = groupEntry.gr_name
        else { return false }  // unknown, or more members than the buffer holds: not private
        let name = String(cString: userName)
        guard userEntry.pw_gid == gid, String(cString: groupName) == name else { return false }
        var member = groupEntry.gr_mem
        while let listed = member?.pointee {
            if String(cString: listed) != name { return false }
            member = member?.advanced(by: 1)
        }
        return true
    }

    /// Why the settings file at `path` may not be obeyed, or nil when only its owner (the
    /// running user or root) could have written it: the file (a symlink and its target) and its
    /// folder (both folders, for a symlink) must belong to the running user or root and be
    /// writable by no one else (`othersCanWrite`), but for a folder with the sticky bit (as
    /// `/tmp`), where others cannot replace a file they do not own.
    package static func distrust(settingsFile path: String) -> String? {
        let real = FileManager.default.fileExists(atPath: path) ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : path
        // Whoever can write the link's folder or the target's can swap the file.
        let folders = Set([path, real].map { ($0 as NSString).deletingLastPathComponent }).sorted()
        let checks = [(path, "it", false), (real, "it", true)] + folders.map { ($0, "its folder \($0)", true) }
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
            if !isLink, !sticky, othersCanWrite(info) {
                let mode = String(info.st_mode & 0o7777, radix: 8)
                let done = what == "it" ? "changed it" : "replaced the file"
                return "\(what) can be written by others (mode \(mode)), so another user could have \(done) (chmod go-w \(checked))"
            }
        }
        return nil
    }
}
