import Foundation

/// Whether a group is private to one user: no other user has it as primary group (`/etc/passwd`)
/// or as a secondary one (`/etc/group`'s member list). A file group-writable by such a group
/// gives no one else anything; any other group lets its other members write.
///
/// Read from the files' text (a pure function of it, so tests feed their own): a group or owner
/// the files do not list (one only a directory service knows) is not private, the safe answer.
struct GroupPrivacy: Sendable {
    struct User: Sendable, Equatable {
        let name: String
        let uid: UInt32
        let gid: UInt32
    }

    struct Group: Sendable, Equatable {
        let name: String
        let gid: UInt32
        let members: [String]
    }

    let users: [User]
    let groups: [Group]

    /// From `/etc/passwd` (`name:x:uid:gid:…`) and `/etc/group` (`name:x:gid:a,b`) text; lines
    /// that are not entries (comments, `+` NIS lines, damaged) are left out.
    init(passwd: String, group: String) {
        users = passwd.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count >= 4, let uid = UInt32(fields[2]), let gid = UInt32(fields[3]) else { return nil }
            return User(name: String(fields[0]), uid: uid, gid: gid)
        }
        groups = group.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count >= 4, let gid = UInt32(fields[2]) else { return nil }
            let members = fields[3].split(separator: ",").map { String($0).trimmingSpaces }.filter { !$0.isEmpty }
            return Group(name: String(fields[0]), gid: gid, members: members)
        }
    }

    /// The system's, read now; empty (nothing private) when the files cannot be read.
    static func system() -> GroupPrivacy {
        func text(_ path: String) -> String {
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }
        return GroupPrivacy(passwd: text("/etc/passwd"), group: text("/etc/group"))
    }

    /// True when `gid` is listed and only the user `uid` (listed too) has it.
    func isPrivate(_ gid: UInt32, to uid: UInt32) -> Bool {
        guard let owner = users.first(where: { $0.uid == uid }), let group = groups.first(where: { $0.gid == gid }) else { return false }
        let othersWithIt = users.contains { $0.uid != uid && $0.gid == gid }
        return !othersWithIt && group.members.allSatisfy { $0 == owner.name }
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
