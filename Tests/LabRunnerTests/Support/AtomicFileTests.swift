import Foundation
import Testing
@testable import LabRunner

/// `AtomicFile.replace` at every step: the original holds its old bytes until the rename, a
/// failure anywhere leaves it and no temporary file, and it refuses read-only or changed files.
/// Serialized, and removing only its own pending files: `removePending()` is process-wide and
/// would reach another test's temporary file.
@Suite(.serialized) struct AtomicFileTests {
    private let old = Array("# Lab\r\n```output\r\nold\r\n```\r\n".utf8)
    private let new = Array("# Lab\r\n```output\r\nnew\r\nlines\r\n```\r\n".utf8)

    /// A folder holding `lab.md` with the old bytes and `mode`; removed by the caller.
    private func makeLab(mode: mode_t = 0o640) throws -> (folder: String, path: String) {
        let folder = try LabRunnerCLI.temporaryDirectory()
        let path = folder + "/lab.md"
        try Data(old).write(to: URL(fileURLWithPath: path))
        chmod(path, mode)
        return (folder, path)
    }

    private func contents(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    private func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o7777
    }

    @Test func replacesTheBytesAndKeepsThePermissions() throws {
        let (folder, path) = try makeLab(mode: 0o640)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try AtomicFile.replace(path, expected: old, with: new)
        #expect(contents(path) == new)
        #expect(mode(path) == 0o640)
        #expect(entries(folder) == ["lab.md"])
    }

    @Test func replacesTheFileASymlinkPointsTo() throws {
        let (folder, path) = try makeLab()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let link = folder + "/link.md"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "lab.md")
        try AtomicFile.replace(link, expected: old, with: new)
        #expect(contents(path) == new)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "lab.md")
    }

    /// Root ignores permission bits and the rename needs none on the file, so only the explicit
    /// mode check can refuse; this holds whoever runs the tests.
    @Test(arguments: [0o444, 0o400, 0o044] as [mode_t])
    func refusesAFileWithoutItsOwnersWriteBit(mode readOnly: mode_t) throws {
        let (folder, path) = try makeLab(mode: readOnly)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: AtomicFile.WriteError.readOnly(path)) {
            try AtomicFile.replace(path, expected: old, with: new)
        }
        #expect(contents(path) == old)
        #expect(mode(path) == readOnly)
        #expect(entries(folder) == ["lab.md"])
        #expect(AtomicFile.WriteError.readOnly(path).description == "cannot update \(path): it is read-only; the file is unchanged")
    }

    @Test func refusesAFileThatNoLongerHoldsWhatWasRead() throws {
        let (folder, path) = try makeLab()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let edited = old + Array("edited\n".utf8)
        try Data(edited).write(to: URL(fileURLWithPath: path))
        #expect(throws: AtomicFile.WriteError.changedOnDisk(path)) {
            try AtomicFile.replace(path, expected: old, with: new)
        }
        #expect(contents(path) == edited)
        #expect(entries(folder) == ["lab.md"])
    }

    /// An editor saving the lab between our read and our rename: its bytes win, whichever step
    /// it lands before (the last check sits right before rename(2)).
    @Test(arguments: AtomicFile.Step.allCases)
    func refusesAChangeMadeWhileReplacing(at step: AtomicFile.Step) throws {
        let (folder, path) = try makeLab()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let edited = Array("saved by an editor\n".utf8)
        #expect(throws: AtomicFile.WriteError.changedOnDisk(path)) {
            try AtomicFile.replace(path, expected: old, with: new) { current, _ in
                if current == step { try? Data(edited).write(to: URL(fileURLWithPath: path)) }
            }
        }
        #expect(contents(path) == edited)
        #expect(entries(folder) == ["lab.md"])
    }

    @Test(arguments: AtomicFile.Step.allCases)
    func aFailureAtAnyStepLeavesTheOriginalAndNoTemporaryFile(at step: AtomicFile.Step) throws {
        let (folder, path) = try makeLab()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let injected = AtomicFile.WriteError.failed(path, reason: "injected at \(step)")
        #expect(throws: injected) {
            try AtomicFile.replace(path, expected: old, with: new) { current, _ throws(AtomicFile.WriteError) in
                if current == step { throw injected }
            }
        }
        #expect(contents(path) == old)
        #expect(entries(folder) == ["lab.md"])
    }

    /// What a kill at any moment would leave: before the rename the lab holds exactly the old
    /// bytes and the temporary file is the only thing written; the rename publishes the new
    /// bytes whole (the temporary file already holds all of them, flushed).
    @Test func theLabHoldsTheOldBytesUntilTheRenamePublishesTheNewOnes() throws {
        let (folder, path) = try makeLab()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var seen: [AtomicFile.Step] = []
        try AtomicFile.replace(path, expected: old, with: new) { step, temporary in
            seen.append(step)
            #expect(contents(path) == old, "the lab changed before \(step)")
            if step == .rename { #expect(temporary.flatMap(contents) == new) }
            #expect(entries(folder).filter { $0 != "lab.md" }.count == (temporary == nil ? 0 : 1))
        }
        #expect(seen == AtomicFile.Step.allCases)
        #expect(contents(path) == new)
        #expect(entries(folder) == ["lab.md"])
    }

    /// Ctrl-C or SIGTERM while a temporary file exists: the interrupt handler's removePending()
    /// deletes it, and the lab keeps its old bytes (the rename then has nothing to move).
    @Test(arguments: [AtomicFile.Step.write, .sync, .rename])
    func anInterruptRemovesThePendingTemporaryFile(at step: AtomicFile.Step) throws {
        let (folder, path) = try makeLab()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var removed = false
        #expect(throws: AtomicFile.WriteError.self) {
            try AtomicFile.replace(path, expected: old, with: new) { current, temporary in
                guard current == step, let temporary else { return }
                #expect(FileManager.default.fileExists(atPath: temporary))
                AtomicFile.removePending { $0.hasPrefix(folder + "/") }
                removed = !FileManager.default.fileExists(atPath: temporary)
            }
        }
        #expect(removed)
        #expect(contents(path) == old)
        #expect(entries(folder) == ["lab.md"])
    }
}

/// `--update` as root used to make another user's lab `root:root`, and silently split a hard
/// link. Owner, group, mode and extended attributes are kept; a hard-linked lab is refused.
@Suite(.serialized) struct AtomicFileOwnershipTests {
    private let old = Array("```output\nold\n```\n".utf8)
    private let new = Array("```output\nnew\n```\n".utf8)

    private func status(_ path: String) -> stat {
        var info = stat()
        stat(path, &info)
        return info
    }

    @Test(.enabled(if: geteuid() == 0, "only root can give a file to another user"))
    func rootKeepsTheOwnerGroupModeAndExtendedAttributes() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lab.md"
        try Data(old).write(to: URL(fileURLWithPath: path))
        #expect(chown(path, 4242, 4343) == 0)
        #expect(chmod(path, 0o664) == 0)
        let descriptor = open(path, O_RDONLY)
        let hasAttribute = ExtendedAttributes.set("user.labrunner-test", Array("kept".utf8), on: descriptor)
        close(descriptor)
        try AtomicFile.replace(path, expected: old, with: new)
        #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == new)
        let info = status(path)
        #expect(info.st_uid == 4242 && info.st_gid == 4343)
        #expect(info.st_mode & 0o7777 == 0o664)
        if hasAttribute {
            #expect(ExtendedAttributes.value(of: "user.labrunner-test", at: path) == Array("kept".utf8))
        }
    }

    @Test func aHardLinkedFileIsRefusedAndLeftAsItWas() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/lab.md"
        try Data(old).write(to: URL(fileURLWithPath: path))
        #expect(link(path, folder + "/other.md") == 0)
        #expect(throws: AtomicFile.WriteError.hardLinked(path, links: 2)) {
            try AtomicFile.replace(path, expected: old, with: new)
        }
        #expect(FileManager.default.contents(atPath: path).map { [UInt8]($0) } == old)
        #expect(status(path).st_nlink == 2)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() == ["lab.md", "other.md"])
        #expect(AtomicFile.WriteError.hardLinked(path, links: 2).description
                == "cannot update \(path): it has 2 hard links, and replacing it would leave the other name with the old text; the file is unchanged (update a copy, or remove the other links)")
    }
}
