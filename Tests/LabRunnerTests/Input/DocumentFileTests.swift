import Foundation
import Testing
@testable import LabRunner

/// Only regular files of a sane size are read as labs: a FIFO would block forever waiting for a
/// writer, `/dev/zero` never ends (it used to die with "failed to allocate" and a backtrace).
@Suite struct DocumentFileTests {
    @Test func aDeviceIsRefusedWithoutReadingIt() {
        #expect(throws: FileError.unreadable(path: "/dev/zero", reason: "not a regular file (it is a character device); a lab is a Markdown file")) {
            try DocumentFile.read("/dev/zero")
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe.md"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FileError.unreadable(path: fifo, reason: "not a regular file (it is a named pipe (FIFO)); a lab is a Markdown file")) {
            try DocumentFile.read(fifo)
        }
    }

    @Test func aFileOverTheLimitIsRefusedAndTheLimitIsSaid() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.md"
        try Data(repeating: UInt8(ascii: "a"), count: (1 << 20) + 1).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: FileError.self) { try DocumentFile.read(path, sizeLimit: 1 << 20) }
        #expect(error?.description == "\(path): error: cannot read lab: larger than 1 MiB, the limit for a lab (no real document is that large)")
        #expect(try DocumentFile.read(path, sizeLimit: 2 << 20).count == (1 << 20) + 1)
        #expect(DocumentFile.sizeLimit >= 256 << 20)
    }

    @Test func aFolderAndAMissingFileKeepTheirMessages() throws {
        #expect(throws: FileError.unreadable(path: "/", reason: "is a folder")) { try DocumentFile.read("/") }
        #expect(throws: FileError.unreadable(path: "/no/such/lab.md", reason: "no such file")) { try DocumentFile.read("/no/such/lab.md") }
    }
}
