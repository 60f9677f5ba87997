import Foundation
import Testing
@testable import LabRunner

/// Which `.labrunner` applies to a file: the nearest above it, never above the repository's root.
struct TreeConfigSearchTests {
    private func write(_ text: String, to path: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    @Test func theNearestFileAppliesAndTheSearchStopsAtTheRepositoryRoot() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("swift-version: 5\n", to: root + "/.labrunner")                   // above the repository: never read
        try FileManager.default.createDirectory(atPath: root + "/repo/.git", withIntermediateDirectories: true)
        try write("imports: RegexBuilder\n", to: root + "/repo/docs/.labrunner")
        try write("swift-version: 4.2\n", to: root + "/repo/docs/old/.labrunner")
        let search = TreeConfigSearch(workingDirectory: root + "/repo")
        #expect(try search.config(for: "docs/guide.md")?.imports == ["RegexBuilder"])
        #expect(try search.config(for: "docs/deep/er/guide.md")?.path == "docs/.labrunner")
        let nearest = try search.config(for: "docs/old/guide.md")
        #expect(nearest?.settings.swiftVersion == "4.2")
        #expect(nearest?.imports == [])  // files are not merged
        #expect(try search.config(for: "README.md") == nil)
        #expect(try search.config(for: root + "/repo/docs/guide.md")?.path == "docs/.labrunner")
    }

    @Test func anErrorNamesTheConfigurationsLineAndExcludeIsRelativeToIt() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/.git", withIntermediateDirectories: true)
        try write("exclude: drafts\n", to: root + "/docs/.labrunner")
        try write("\ntimeuot: 3\n", to: root + "/bad/.labrunner")
        let search = TreeConfigSearch(workingDirectory: root)
        #expect(search.excludes("docs/drafts/a.md"))
        #expect(search.excludes(root + "/docs/drafts/b/c.md"))
        #expect(!search.excludes("docs/a.md"))
        #expect(!search.excludes("drafts/a.md"))
        let error = #expect(throws: LabError.self) { try search.config(for: "bad/a.md") }
        #expect(error?.description == "bad/.labrunner:2:1: error: unknown key 'timeuot' in .labrunner; did you mean 'timeout'? "
                + "(it reads swift-version, swiftc-flags, imports, package, bare, timeout, exclude)")
    }

    /// A search whose warnings are kept, with `home` as the user's home folder.
    private func search(in root: String, home: String = "/nonexistent-home") -> (TreeConfigSearch, LockedValue<[String]>) {
        let warnings = LockedValue<[String]>([])
        let search = TreeConfigSearch(workingDirectory: root, home: home) { message in warnings.withLock { $0.append(message) } }
        return (search, warnings)
    }

    /// The attack: another user plants a `.labrunner` above the lab (in the shared
    /// temporary folder) naming a package; it is refused, with a warning naming it.
    @Test(.enabled(if: getuid() == 0, "giving a file to another user (chown to nobody) needs root"))
    func aConfigAnotherUserOwnsIsRefusedWithAWarning() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("package: evilpkg\n", to: root + "/.labrunner")
        #expect(chown(root + "/.labrunner", 65534, 65534) == 0)
        let (search, warnings) = search(in: root)
        #expect(try search.config(for: "lab.md") == nil)
        #expect(try search.config(for: "deeper/lab.md") == nil)
        #expect(warnings.withLock { $0 } == ["ignored \(root)/.labrunner: it belongs to uid 65534, neither you (uid 0) nor root, "
            + "so another user may have written it (run labrunner as its owner, or chown it)"])
        // Root's own file in the same place is obeyed.
        #expect(chown(root + "/.labrunner", 0, 0) == 0)
        #expect(try self.search(in: root).0.config(for: "lab.md")?.packageName == "evilpkg")
    }

    /// World-writable: others could change it; a folder others can write without the sticky bit
    /// (as /tmp has) lets them replace it.
    @Test(arguments: [(0o644, 0o755, true), (0o600, 0o700, true), (0o646, 0o755, false), (0o666, 0o755, false),
                      (0o644, 0o777, false), (0o644, 0o1777, true)])
    func aConfigOthersCanWriteIsRefused(fileMode: Int, folderMode: Int, obeyed: Bool) throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("package: pkg\n", to: root + "/docs/.labrunner")
        #expect(chmod(root + "/docs/.labrunner", mode_t(fileMode)) == 0)
        #expect(chmod(root + "/docs", mode_t(folderMode)) == 0)
        let (search, warnings) = search(in: root)
        #expect(try search.config(for: "docs/lab.md")?.packageName == (obeyed ? "pkg" : nil))
        let said = warnings.withLock { $0 }
        #expect(said.count == (obeyed ? 0 : 1))
        #expect(said.allSatisfy { $0.hasPrefix("ignored \(root)/docs/.labrunner: ") })
    }

    /// A symlinked `.labrunner` is checked at both ends: the target's folder counts too.
    @Test func aSymlinkedConfigIsCheckedWhereItPoints() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("package: pkg\n", to: root + "/shared/labrunner.conf")
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: root + "/docs/.labrunner", withDestinationPath: root + "/shared/labrunner.conf")
        #expect(try search(in: root).0.config(for: "docs/lab.md")?.packageName == "pkg")
        #expect(chmod(root + "/shared", 0o777) == 0)
        let (search, warnings) = search(in: root)
        #expect(try search.config(for: "docs/lab.md") == nil)
        #expect(warnings.withLock { $0 }.first?.contains("its folder \(root)/shared can be written by others (mode 777)") == true)
    }

    /// Group-writable is others' writing too, unless the group is the owner's own (a user
    /// private group, as a umask of 002 leaves every new file): root's group 0 is root's own,
    /// 65534 (nogroup) is not.
    @Test(.enabled(if: getuid() == 0, "giving a file to another group (chgrp to 65534) needs root"),
          arguments: [(0o664, 0o755, 0, true), (0o644, 0o775, 0, true), (0o664, 0o755, 65534, false), (0o644, 0o775, 65534, false)])
    func aConfigAGroupCanWriteIsRefusedUnlessTheGroupIsTheOwners(fileMode: Int, folderMode: Int, group: Int, obeyed: Bool) throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("package: pkg\n", to: root + "/docs/.labrunner")
        for (path, mode) in [(root + "/docs/.labrunner", fileMode), (root + "/docs", folderMode)] {
            #expect(chown(path, 0, gid_t(group)) == 0)
            #expect(chmod(path, mode_t(mode)) == 0)
        }
        let (search, warnings) = search(in: root)
        #expect(try search.config(for: "docs/lab.md")?.packageName == (obeyed ? "pkg" : nil))
        #expect(warnings.withLock { $0 }.count == (obeyed ? 0 : 1))
    }

    /// Issue 38: an ACL entry letting another user write (the mode then reads 664) is others'
    /// writing, on the file or its folder; an entry for the owner is not. Needs `setfacl`
    /// (Debian's `acl`, which `.ci/run` installs) and a file system with ACLs.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/setfacl"), "setfacl is missing (apt-get install acl)"),
          arguments: [("u:65534:rw", false, false), ("u:65534:rwx", true, false), ("u:0:rw", false, true), ("g:65534:rw", false, false),
                      ("m::r", false, true)])
    func aConfigAnACLLetsOthersWriteIsRefused(entry: String, onFolder: Bool, obeyed: Bool) throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("package: pkg\n", to: root + "/docs/.labrunner")
        #expect(chmod(root + "/docs/.labrunner", 0o644) == 0)
        let target = onFolder ? root + "/docs" : root + "/docs/.labrunner"
        // `m::r` alone: a mask over the owning group's read, so the rest is as before.
        let setfacl = try Process.run(URL(fileURLWithPath: "/usr/bin/setfacl"), arguments: ["-m", entry, target])
        setfacl.waitUntilExit()
        try #require(setfacl.terminationStatus == 0, "setfacl -m \(entry) failed: no ACLs on this file system?")
        let (search, warnings) = search(in: root)
        #expect(try search.config(for: "docs/lab.md")?.packageName == (obeyed ? "pkg" : nil))
        let said = warnings.withLock { $0 }
        #expect(said.count == (obeyed ? 0 : 1), "\(said)")
        if !obeyed {
            let what = onFolder ? "its folder \(root)/docs" : "it"
            #expect(said.first?.contains("\(what) can be written by others through its ACL (") == true, "\(said)")
        }
    }

    /// The search stops at the user's home folder (read, not climbed above), and at a
    /// repository's root before it; outside both it goes on to `/`, every file checked.
    @Test func theSearchStopsAtTheUsersHome() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write("package: above\n", to: root + "/.labrunner")
        try FileManager.default.createDirectory(atPath: root + "/home/me/docs", withIntermediateDirectories: true)
        #expect(try search(in: root, home: root + "/home/me").0.config(for: "home/me/docs/lab.md") == nil)
        try write("package: mine\n", to: root + "/home/me/.labrunner")
        #expect(try search(in: root, home: root + "/home/me").0.config(for: "home/me/docs/lab.md")?.packageName == "mine")
        #expect(try search(in: root, home: root + "/home/me/").0.config(for: "home/me/docs/lab.md")?.packageName == "mine")
        // Outside the home folder and any repository, the nearest file above applies.
        #expect(try search(in: root, home: root + "/home/me").0.config(for: "elsewhere/lab.md")?.packageName == "above")
    }
}

private extension TreeConfig {
    /// The last name of `package`, which is resolved against the configuration's folder.
    var packageName: String? { package.map { ($0 as NSString).lastPathComponent } }
}
