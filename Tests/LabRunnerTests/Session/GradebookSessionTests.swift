import Foundation
import Testing
@testable import LabRunner

/// `grade` over a course (Fixtures/gradebook: two keys, three students, one who did not hand in
/// lab B) in-process: one gradebook with every exercise, check and total; the instructor's
/// written points and late column kept on a re-run and counted in the totals, the computed cells
/// computed again; a feedback page per student and lab that names hidden checks and never shows
/// them; a gradebook that cannot be kept whole left as it is. Five builds, each run once.
struct GradebookSessionTests {
    static let header = "student,late,lab-a/double,lab-a/double/mock cell 1,lab-a/double/mock hidden 1,lab-a/explain (written),"
        + "lab-a total,lab-b/greet,lab-b/greet/mock cell 1,lab-b/greet/mock hidden 1,lab-b/why (written),lab-b total,total,notes,checksum"

    /// The gradebook's lines without their checksums.
    static func rows(_ folder: SessionFolder) throws -> [String] {
        try folder.read("grades/gradebook.csv").components(separatedBy: "\r\n").map { line in
            line.split(separator: ",", omittingEmptySubsequences: false).dropLast().joined(separator: ",")
        }
    }

    static func grade(_ folder: SessionFolder, keys: [String] = ["keys"], students: [String] = ["ann", "bob", "cat"]) -> (SessionEnd, RecordingOutput) {
        let output = RecordingOutput()
        var session = GradeSession(keys: keys.map { folder.path + "/" + $0 }, submissions: students.map { folder.path + "/submissions/" + $0 },
                                   environment: LabRunnerCLI.environment(), output: output)
        session.outputFolder = folder.path + "/grades"
        session.repeats = 1
        return (session.run(), output)
    }

    /// At a stable path: the five builds come from the tests' shared cache from the second run on.
    @Test func twoLabsThreeStudentsOneGradebookWhoseWrittenPointsSurviveARerun() throws {
        let folder = try SessionFolder(stable: "gradebook-session")
        defer { folder.remove() }
        let fixture = LabRunnerCLI.fixtures + "/gradebook"
        for file in try FileManager.default.subpathsOfDirectory(atPath: fixture) where file.hasSuffix(".md") {
            try folder.write(file, String(contentsOfFile: fixture + "/" + file, encoding: .utf8))
        }
        let (end, output) = Self.grade(folder)
        #expect(end == .passed, "\(output.stdout)\(output.stderr)")
        #expect(output.stdout.contains("lab-b  \(folder.path)/keys/lab-b.md\nann  1 of 3 points"), "\(output.stdout)")
        #expect(output.stdout.contains("(greet 0/1, why ?/2)  2 points of written exercises await the instructor\ncat  not submitted\n"))
        #expect(output.stdout.contains("wrote \(folder.path)/grades/gradebook.csv (3 students)\n"))
        let written = "lab-a: 3 points of written exercises to grade"
        #expect(try Self.rows(folder) == [
            Self.header.replacingOccurrences(of: ",checksum", with: ""),
            "(out of),,2,,,3,5,1,,,2,3,8,",
            "ann,,2,pass,pass,,2,1,pass,pass,,1,3,\"\(written); lab-b: 2 points of written exercises to grade\"",
            "bob,,1,pass,fail,,1,0,fail,fail,,0,1,\"\(written); lab-b: 2 points of written exercises to grade\"",
            "cat,,2,pass,pass,,2,0,,,,0,2,\"\(written); lab-b: not submitted\"",
            "",
        ])

        // The instructor grades ann's essay and marks bob late; cat's lab A is withdrawn.
        let filled = try folder.read("grades/gradebook.csv").replacingOccurrences(of: "ann,,2,pass,pass,,", with: "ann,,2,pass,pass,3,")
            .replacingOccurrences(of: "bob,,", with: "bob,\"yes, 2 days\",")
        try folder.write("grades/gradebook.csv", filled)
        try FileManager.default.removeItem(atPath: folder.path + "/submissions/cat/lab-a.md")
        let (again, said) = Self.grade(folder)
        #expect(again == .passed, "\(said.stdout)\(said.stderr)")
        let rows = try Self.rows(folder)
        #expect(rows[2] == "ann,,2,pass,pass,3,5,1,pass,pass,,1,6,lab-b: 2 points of written exercises to grade", "\(rows[2])")
        #expect(rows[3].hasPrefix("bob,\"yes, 2 days\",1,pass,fail,,1,0,fail,fail,,0,1,"), "\(rows[3])")
        #expect(rows[4] == "cat,,0,,,,0,0,,,,0,0,\"lab-a: not submitted; lab-b: not submitted\"", "\(rows[4])")

        // Feedback pages: every check's result; hidden checks named, their code and output not there.
        let bob = try folder.read("grades/lab-a/bob.feedback.html")
        #expect(bob.contains("<li class=\"pass\"><span class=\"verdict\">pass</span> the cell at line 8 in scenario mock</li>"), "\(bob)")
        #expect(bob.contains("<li class=\"fail\"><span class=\"verdict\">fail</span> hidden check 1 of exercise 'double' in scenario mock</li>"))
        #expect(bob.contains("<details class=\"hint\"><summary>Hint</summary>\n<p>Multiply by <strong>two</strong>.</p>"))
        #expect(bob.contains("Explain doubling (explain)</b>, 3 points: <span class=\"verdict\">written: graded by your instructor"))
        let greet = try folder.read("grades/lab-b/bob.feedback.html")
        #expect(greet.contains("<span class=\"verdict\">fail</span> hidden check 1 of exercise 'greet' in scenario mock"))
        for page in [bob, greet, try folder.read("grades/lab-a/ann.feedback.html")] {
            for secret in ["secret-check", "double(21)", "hidden-name", "SOLUTION", "x * 2", "hello, \\(name)"] {
                #expect(!page.contains(secret), "a feedback page shows the key's '\(secret)'")
            }
        }

        // Grading one lab of the two would drop the other's columns: refused, before anything runs.
        let (oneLab, toldOne) = Self.grade(folder, keys: ["keys/lab-a.md"], students: ["ann", "bob"])
        #expect(oneLab == .notChecked)
        #expect(toldOne.stderr.contains("gradebook.csv:1:197: error: this gradebook holds lab 'lab-b', which this run does not grade"), "\(toldOne.stderr)")

        // A gradebook edited where an edit would be lost stops the next run before anything runs.
        let edited = try folder.read("grades/gradebook.csv").replacingOccurrences(of: "ann,,2,pass,pass,3,5,", with: "ann,,2,pass,pass,3,4,")
        try folder.write("grades/gradebook.csv", edited)
        let (refused, told) = Self.grade(folder)
        #expect(refused == .notChecked)
        #expect(told.stderr.hasPrefix("\(folder.path)/grades/gradebook.csv:3:1: error: the row of 'ann' was edited in cells labrunner computes"),
                "\(told.stderr)")
        #expect(!told.stdout.contains("points"), "nothing was graded")
        #expect(try folder.read("grades/gradebook.csv") == edited)
    }

    /// A student named as the gradebook's row of points is refused before anything runs: the
    /// gradebook could not be read back.
    @Test func aStudentNamedAsThePointsRowIsRefused() throws {
        let folder = try SessionFolder(["keys/lab-a.md": try String(contentsOfFile: LabRunnerCLI.fixtures + "/gradebook/keys/lab-a.md", encoding: .utf8),
                                        "(out of)/lab-a.md": "# mine\n"])
        defer { folder.remove() }
        let output = RecordingOutput()
        let session = GradeSession(keys: [folder.path + "/keys"], submissions: [folder.path + "/(out of)"],
                                   environment: LabRunnerCLI.environment(), output: output)
        #expect(session.run() == .notChecked)
        #expect(output.stderr.contains("a student named '(out of)' would take the gradebook's row of points"), "\(output.stderr)")
    }
}
