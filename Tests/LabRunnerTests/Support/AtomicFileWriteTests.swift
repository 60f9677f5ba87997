import Foundation
import Testing
@testable import LabRunner

/// `AtomicFile.write`, for the files a user asks for (reports, pages, copies): whole or not at
/// all, the usual mode for a new file, an existing file's mode kept, never a temporary file left.
struct AtomicFileWriteTests {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        stat(path, &info)
        return info.st_mode & 0o7777
    }

    private func entries(_ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test func aNewFileGetsTheBytesAndTheModeTheUmaskAllows() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/report.json"
        try AtomicFile.write(Array("{}\n".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("{}\n".utf8))
        let mask = umask(0)
        umask(mask)
        #expect(mode(path) == 0o666 & ~mask)
        #expect(entries(folder) == ["report.json"])
    }

    @Test func anExistingFileIsReplacedAndKeepsItsMode() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/grades.csv"
        try Data("old, longer than the new\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        try AtomicFile.write(Array("new\n".utf8), to: path)
        #expect(FileManager.default.contents(atPath: path) == Data("new\n".utf8))
        #expect(mode(path) == 0o640)
        #expect(entries(folder) == ["grades.csv"])
    }

    /// The name the user gave is in the message, with the system's reason, as `cannot write`.
    @Test func aFileThatCannotBeWrittenSaysWhyAndLeavesNothing() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/missing/report.xml"
        #expect(throws: AtomicFile.WriteError.notWritten(path, reason: "cannot create a temporary file: No such file or directory")) {
            try AtomicFile.write(Array("<x/>".utf8), to: path)
        }
        #expect(AtomicFile.WriteError.notWritten(path, reason: "File too large").description == "cannot write \(path): File too large")
        #expect(entries(folder).isEmpty)
    }

    /// A folder at the name: the rename fails and the temporary file goes.
    @Test func aFolderAtTheNameIsNotReplaced() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/out"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Array("x".utf8), to: path) }
        #expect(entries(folder) == ["out"])
    }
}
