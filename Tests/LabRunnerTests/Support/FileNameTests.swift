import Foundation
import Testing
@testable import LabRunner

/// File names are bytes (issue 38, point 6): a name that is not UTF-8 is carried through the
/// tool's `String` paths without loss and shown with escapes.
@Suite struct FileNameTests {
    /// Names as the system has them, how the tool shows them.
    static let names: [(bytes: [UInt8], shown: String)] = [
        (Array("lab01.md".utf8), "lab01.md"),
        (Array("José.md".utf8), "José.md"),
        ([0x4A, 0x6F, 0x73, 0xE9, 0x2E, 0x6D, 0x64], "Jos\\xe9.md"),          // Latin-1 é
        ([0xC3], "\\xc3"),                                                   // a sequence cut short
        ([0xC3, 0x28], "\\xc3("),                                            // a bad continuation
        ([0xC0, 0xAF], "\\xc0\\xaf"),                                        // an overlong '/'
        ([0xED, 0xA0, 0x80], "\\xed\\xa0\\x80"),                             // a surrogate
        ([0xF4, 0x8F, 0xBF, 0xA9], "\\xf4\\x8f\\xbf\\xa9"),                  // UTF-8 of a scalar the tool reserves
        ([0xFF, 0x0A, 0x41], "\\xff\\x0aA"),                                 // and a line feed
    ]

    @Test(arguments: names.indices)
    func aNameRoundTripsAndIsShownWithEscapes(_ index: Int) {
        let (bytes, shown) = Self.names[index]
        let path = FileName.decode(bytes)
        #expect(FileName.encode(path) == bytes)
        #expect(ControlPictures.escapedName(path) == shown)
        let system = FileName.withSystemPath(path) { pointer in
            Array(UnsafeBufferPointer(start: pointer, count: strlen(pointer))).map { UInt8(bitPattern: $0) }
        }
        #expect(system == bytes)
    }

    @Test func aValidNameIsTheSameString() {
        #expect(FileName.decode(Array("Ünïcødé/lab 1.md".utf8)) == "Ünïcødé/lab 1.md")
        #expect(!FileName.carriesRawBytes("Ünïcødé/lab 1.md"))
    }

    /// The file a Latin-1 name names is found in a folder, read, replaced atomically and listed
    /// as a submission, each by its own bytes.
    @Test func aLatin1NamedFileIsFoundReadAndRewritten() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let name: [UInt8] = Array("Jos".utf8) + [0xE9] + Array(".md".utf8)
        try Self.write(Array("# José\n".utf8), named: Array(folder.utf8) + [UInt8(ascii: "/")] + name)

        let found = try DocumentFile.expand([folder])
        #expect(found.map(ControlPictures.escapedName) == [folder + "/Jos\\xe9.md"])
        let path = try #require(found.first)
        #expect(try DocumentFile.read(path) == Array("# José\n".utf8))
        #expect(try DocumentFile.expand([path]) == [path])

        try AtomicFile.replace(path, expected: Array("# José\n".utf8), with: Array("# Jose\n".utf8))
        #expect(try DocumentFile.read(path) == Array("# Jose\n".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 1)

        let labs = SubmissionFile.labs(under: folder)
        #expect(labs.map(\.path) == [path])
        #expect(try labs.first?.read() == Array("# Jose\n".utf8))
    }

    /// Makes a file by its name's bytes, as unzip does.
    static func write(_ contents: [UInt8], named bytes: [UInt8]) throws {
        let descriptor = (bytes.map { CChar(bitPattern: $0) } + [0]).withUnsafeBufferPointer {
            open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        }
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(contents.withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) } == contents.count)
    }
}
