import Foundation
import Testing
@testable import LabRunner

/// Issue 38: trust in a `.labrunner` reads its POSIX ACL, which the mode hides
/// (`user:mallory:rw-` leaves mode 664), and a group is private only when no other user has it.
struct AccessControlListTests {
    typealias Tag = AccessControlList.Tag

    /// `system.posix_acl_access` bytes for entries (tag, permissions, id), as the kernel stores them.
    static func xattr(_ entries: [(Tag, UInt16, UInt32)], version: UInt32 = 2) -> [UInt8] {
        func le(_ value: UInt32, _ size: Int) -> [UInt8] { (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        return le(version, 4) + entries.flatMap { le(UInt32($0.0.rawValue), 2) + le(UInt32($0.1), 2) + le($0.2, 4) }
    }

    static let none = UInt32.max

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let entries: [(Tag, UInt16, UInt32)]
        let writers: [String]
        var description: String { name }
    }

    /// Owner 1000, owning group 1000 (private to it); group 50 has other members.
    static let cases: [Case] = [
        Case(name: "setfacl -m u:1001:rw (mode 664)",
             entries: [(.owner, 6, none), (.user, 6, 1001), (.owningGroup, 4, none), (.mask, 6, none), (.other, 4, none)],
             writers: ["user:1001"]),
        Case(name: "the mask takes the write away",
             entries: [(.owner, 6, none), (.user, 6, 1001), (.owningGroup, 4, none), (.mask, 4, none), (.other, 4, none)], writers: []),
        Case(name: "a named entry for the owner",
             entries: [(.owner, 6, none), (.user, 6, 1000), (.owningGroup, 4, none), (.mask, 6, none), (.other, 4, none)], writers: []),
        Case(name: "a shared named group",
             entries: [(.owner, 6, none), (.owningGroup, 4, none), (.group, 7, 50), (.mask, 7, none), (.other, 4, none)],
             writers: ["group:50"]),
        Case(name: "the owner's private group",
             entries: [(.owner, 6, none), (.owningGroup, 6, none), (.group, 6, 1000), (.mask, 6, none), (.other, 4, none)], writers: []),
        Case(name: "others", entries: [(.owner, 6, none), (.owningGroup, 4, none), (.other, 6, none)], writers: ["other"]),
    ]

    @Test(arguments: cases)
    func theWritersAreThoseTheKernelLetsWrite(_ example: Case) throws {
        let acl = try #require(AccessControlList(xattr: Self.xattr(example.entries)))
        #expect(acl.entries.count == example.entries.count)
        #expect(acl.writers(owner: 1000, owningGroup: 1000, isPrivate: { $0 == 1000 }) == example.writers)
    }

    /// A version or tag it does not know, or a size that is no whole number of entries: not an ACL.
    @Test func bytesThatAreNotAnACLAreRefused() {
        #expect(AccessControlList(xattr: Self.xattr([(.owner, 6, Self.none)], version: 3)) == nil)
        #expect(AccessControlList(xattr: Array(Self.xattr([(.owner, 6, Self.none)]).dropLast())) == nil)
        #expect(AccessControlList(xattr: [2, 0, 0, 0, 0x40, 0, 6, 0, 0, 0, 0, 0]) == nil)
        #expect(AccessControlList(xattr: []) == nil)
        #expect(AccessControlList(xattr: [2, 0, 0, 0]) == AccessControlList(entries: []))
    }

    static let passwd = """
    root:x:0:0:root:/root:/bin/bash
    alice:x:1000:1000::/home/alice:/bin/sh
    bob:x:1001:1000::/home/bob:/bin/sh
    carol:x:1002:1002::/home/carol:/bin/sh
    erin:x:1003:1003::/home/erin:/bin/sh
    # a comment
    +nis
    frank:x:1004:1004::/home/frank:/bin/sh
    """
    static let group = """
    root:x:0:
    alice:x:1000:
    carol:x:1002:dave
    erin:x:1003:erin
    staff:x:50:alice, erin
    """

    /// Private: no other user has the group, as primary or secondary. Bob's primary group is
    /// Alice's; Dave is listed in Carol's; Frank's is not listed at all.
    @Test(arguments: [(0, 0, true), (1000, 1000, false), (1002, 1002, false), (1003, 1003, true), (1004, 1004, false),
                      (50, 1000, false), (1003, 9999, false), (1000, 1001, false)])
    func aGroupIsPrivateOnlyWhenNoOtherUserHasIt(gid: UInt32, uid: UInt32, isPrivate: Bool) {
        let groups = GroupPrivacy(passwd: Self.passwd, group: Self.group)
        #expect(groups.isPrivate(gid, to: uid) == isPrivate)
    }
}
