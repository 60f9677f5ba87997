import Foundation
import Testing
@testable import LabRunner

/// Submissions are regular files only (issue 39): a student's file, or folder, that is a symbolic
/// link is "not graded: a symbolic link" for that student, and nothing of what it points to is
/// read, so none of it can reach the feedback (before, `key.md -> ~/secret` put every line of the
/// secret in the feedback, under "locked content changed"). Links in the instructor's own paths
/// (the key, the folders above a submission) are followed as before.
struct LinkedSubmissionEndToEndTests {
    static let secret = "ghp_SECRET_TOKEN_39"

    /// A folder where `secret.txt` is outside every submission, with the fixture's key and a
    /// student who submitted a real file (reached through the instructor's link `course -> real`),
    /// and the key given through the instructor's link `instructor/key.md`.
    static func course(_ name: String) throws -> SessionFolder {
        let folder = try SessionFolder(stable: name)
        let exercises = LabRunnerCLI.fixtures + "/exercises"
        try folder.write("secret.txt", "the instructor's notes\n\(secret)\n")
        try folder.write("real/key.md", String(contentsOfFile: exercises + "/key.md", encoding: .utf8))
        try folder.write("real/subs/student.md", String(contentsOfFile: exercises + "/student.md", encoding: .utf8))
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/course", withDestinationPath: "real")
        try link(folder, "instructor/key.md", to: "../real/key.md")
        return folder
    }

    static func link(_ folder: SessionFolder, _ name: String, to destination: String) throws {
        try FileManager.default.createDirectory(atPath: (folder.path + "/" + name as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/" + name, withDestinationPath: destination)
    }

    /// Every file `grade -o` wrote, none holding a line of the secret.
    static func expectNothingOfTheSecret(in output: String) throws {
        for file in try FileManager.default.subpathsOfDirectory(atPath: output) {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: output + "/" + file, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let text = try String(contentsOfFile: output + "/" + file, encoding: .utf8)
            #expect(!text.contains(secret) && !text.contains("the instructor's notes"), "\(file) quotes the link's target:\n\(text)")
        }
    }

    @Test func aLinkedFileOrFolderIsNotGradedAndNothingOfItsTargetIsRead() async throws {
        let folder = try Self.course("linked-submissions")
        defer { folder.remove() }
        // bob: a folder holding `key.md -> secret`; dave: a file that is a link; erin: a folder
        // that is a link; hal: `key.md -> copy.md`, a file of his own folder (still a link).
        try Self.link(folder, "real/subs/bob/key.md", to: folder.path + "/secret.txt")
        try Self.link(folder, "real/subs/dave.md", to: "../../secret.txt")
        try folder.write("elsewhere/key.md", "the instructor's notes\n\(Self.secret)\n")
        try Self.link(folder, "real/subs/erin", to: "../../elsewhere")
        try folder.write("real/subs/hal/copy.md", "the instructor's notes\n\(Self.secret)\n")
        try Self.link(folder, "real/subs/hal/key.md", to: "copy.md")
        let output = folder.path + "/grades"
        let result = try await LabRunnerCLI.run(["grade", "--repeat", "1", "--key", "instructor/key.md", "course/subs/student.md",
                                                 "course/subs/bob", "course/subs/dave.md", "course/subs/erin/", "course/subs/hal",
                                                 "-o", output], in: folder.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("student  0 of 3 points  (double 0/2, greet 0/1)\n"), "the real submission is graded: \(result.stdout)")
        for (student, link) in [("bob", "course/subs/bob/key.md"), ("dave", "course/subs/dave.md"), ("erin", "course/subs/erin"),
                                ("hal", "course/subs/hal/key.md")] {
            #expect(result.stdout.contains("\(student)  0 of 3 points  (double 0/2, greet 0/1)  not graded: a symbolic link\n"
                                           + "\(link): error: not graded: a symbolic link"), "\(student): \(result.stdout)")
            let feedback = try String(contentsOfFile: "\(output)/\(student).feedback.txt", encoding: .utf8)
            #expect(feedback.contains("\(link): error: not graded: a symbolic link"), "\(feedback)")
        }
        #expect(!result.stdout.contains(Self.secret) && !result.stderr.contains(Self.secret))
        try Self.expectNothingOfTheSecret(in: output)
    }

    /// With several keys, each submission is a student's folder: one that is a link is not graded
    /// for any lab, and a link in a real folder only for its lab.
    @Test func inACourseALinkedFolderOrLabIsNotGraded() async throws {
        let folder = try Self.course("linked-course")
        defer { folder.remove() }
        let key = try folder.read("real/key.md")
        try folder.write("keys/one.md", key)
        try folder.write("keys/two.md", key)
        try folder.write("subs/ann/one.md", try folder.read("real/subs/student.md"))
        try Self.link(folder, "subs/ann/two.md", to: "../../secret.txt")
        try Self.link(folder, "subs/bea", to: "ann")
        let output = folder.path + "/grades"
        let result = try await LabRunnerCLI.run(["grade", "--repeat", "1", "--key", "keys", "subs/ann", "subs/bea", "-o", output],
                                                in: folder.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("one  keys/one.md\nann  0 of 3 points  (double 0/2, greet 0/1)\n"), "\(result.stdout)")
        #expect(result.stdout.contains("subs/ann/two.md: error: not graded: a symbolic link"), "\(result.stdout)")
        #expect(result.stdout.contains("subs/bea/one.md: error: not graded: a symbolic link") == false)
        #expect(result.stdout.contains("subs/bea: error: not graded: a symbolic link"), "\(result.stdout)")
        #expect(!result.stdout.contains("bea  not submitted"), "a linked folder is said, not taken for nothing handed in")
        let gradebook = try folder.read("grades/gradebook.csv")
        #expect(gradebook.contains("one: a symbolic link") && gradebook.contains("two: a symbolic link"), "\(gradebook)")
        try Self.expectNothingOfTheSecret(in: output)
    }
}
