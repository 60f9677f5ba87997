import Foundation
import Testing
@testable import LabRunner

/// A submission is read from regular files and folders only (issue 39): a link anywhere from the
/// submission down to the lab is refused at its own path, nothing it points to read; links in the
/// folders above the submission (the instructor's) are followed.
@Suite struct SubmissionFileTests {
    /// `secret.txt` outside the submissions, `subs/ann/lab.md` a real lab, `course -> subs`.
    static func folder() throws -> String {
        let folder = try LabRunnerCLI.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: folder + "/subs/ann/part", withIntermediateDirectories: true)
        try Data("the instructor's secret\n".utf8).write(to: URL(fileURLWithPath: folder + "/secret.txt"))
        try Data("# Ann's lab\n".utf8).write(to: URL(fileURLWithPath: folder + "/subs/ann/lab.md"))
        try Data("# Ann's part\n".utf8).write(to: URL(fileURLWithPath: folder + "/subs/ann/part/lab.md"))
        try FileManager.default.createSymbolicLink(atPath: folder + "/course", withDestinationPath: "subs")
        return folder
    }

    static func link(_ path: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
    }

    @Test func aRegularFileIsReadThroughTheInstructorsLinks() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try SubmissionFile(root: folder + "/course/ann/lab.md").read() == Array("# Ann's lab\n".utf8))
        #expect(try SubmissionFile(root: folder + "/course/ann/", below: ["part", "lab.md"]).read() == Array("# Ann's part\n".utf8))
        #expect(SubmissionFile(root: folder + "/course/ann/", below: ["part", "lab.md"]).path == folder + "/course/ann/part/lab.md")
    }

    /// Each place a link can be: the submission, the student's folder, a folder in it, the lab
    /// (even one pointing to a file of the same folder), and a link to nowhere.
    @Test func aLinkAnywhereInTheSubmissionIsRefusedAtItsPath() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.link(folder + "/subs/dave.md", to: "../secret.txt")
        try Self.link(folder + "/subs/erin", to: "ann")
        try Self.link(folder + "/subs/ann/linked", to: "part")
        try Self.link(folder + "/subs/ann/key.md", to: folder + "/secret.txt")
        try Self.link(folder + "/subs/ann/same.md", to: "lab.md")
        try Self.link(folder + "/subs/ann/gone.md", to: "nowhere.md")
        let cases: [(SubmissionFile, String)] = [
            (SubmissionFile(root: folder + "/course/dave.md"), folder + "/course/dave.md"),
            (SubmissionFile(root: folder + "/course/erin", below: ["lab.md"]), folder + "/course/erin"),
            (SubmissionFile(root: folder + "/course/erin/", below: ["lab.md"]), folder + "/course/erin"),
            (SubmissionFile(root: folder + "/course/ann", below: ["linked", "lab.md"]), folder + "/course/ann/linked"),
            (SubmissionFile(root: folder + "/course/ann", below: ["key.md"]), folder + "/course/ann/key.md"),
            (SubmissionFile(root: folder + "/course/ann", below: ["same.md"]), folder + "/course/ann/same.md"),
            (SubmissionFile(root: folder + "/course/ann", below: ["gone.md"]), folder + "/course/ann/gone.md"),
        ]
        for (file, link) in cases {
            #expect(throws: FileError.symbolicLink(path: link), "\(file.path)") { try file.read() }
        }
        #expect(FileError.symbolicLink(path: "subs/dave.md").description
                == "subs/dave.md: error: not graded: a symbolic link (a submission is read from regular files and folders only; what the link points to was not read)")
    }

    @Test func whatIsNotARegularFileIsRefusedAsALabIs() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(mkfifo(folder + "/subs/ann/pipe.md", 0o600) == 0)
        #expect(throws: FileError.unreadable(path: folder + "/subs/ann/pipe.md", reason: "not a regular file (it is a named pipe (FIFO)); a lab is a Markdown file")) {
            try SubmissionFile(root: folder + "/subs/ann", below: ["pipe.md"]).read()
        }
        #expect(throws: FileError.unreadable(path: folder + "/subs/ann/lab.md", reason: "not a folder")) {
            try SubmissionFile(root: folder + "/subs/ann", below: ["lab.md", "x.md"]).read()
        }
        #expect(throws: FileError.unreadable(path: folder + "/subs/ann/none.md", reason: "no such file")) {
            try SubmissionFile(root: folder + "/subs/ann", below: ["none.md"]).read()
        }
    }

    /// A folder's search lists a link with a lab's name (to be refused when read) and does not
    /// enter a folder that is a link.
    @Test func theSearchFindsLinksAndDoesNotEnterThem() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.removeItem(atPath: folder + "/subs/ann/part/lab.md")
        try Self.link(folder + "/subs/ann/elsewhere", to: "../../subs")
        try Self.link(folder + "/subs/ann/part/key.md", to: "../lab.md")
        #expect(SubmissionFile.labs(under: folder + "/course/ann").map(\.below) == [["lab.md"], ["part", "key.md"]])
    }
}
