import Foundation
import Testing
@testable import LabRunner

/// Names that are not UTF-8 (issue 38, point 6): a Latin-1 `Jos\xe9.md`, as unzip makes from a
/// Windows archive, is run when named and when found in a folder, and graded as a submission;
/// every report shows the name with escapes. Before, `run` said "no such file" and `grade`
/// stopped before grading anyone.
@Suite struct NonUTF8NameEndToEndTests {
    static let latin1: [UInt8] = Array("Jos".utf8) + [0xE9]

    @Test func aLatin1NamedLabRunsAndIsGradedUnderItsEscapedName() async throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let broken = "# Broken\n\n```swift\nlet n: Int = \"three\"\n```\n"
        try FileManager.default.createDirectory(atPath: root + "/labs", withIntermediateDirectories: true)
        try FileNameTests.write(Array(broken.utf8), named: Array((root + "/labs/").utf8) + Self.latin1 + Array(".md".utf8))
        let lab = FileName.decode(Self.latin1 + Array(".md".utf8))

        // Named on the command line (its bytes are the argument) and found in a folder.
        for argument in ["labs/" + lab, "labs"] {
            let run = try await LabRunnerCLI.run(["run", argument], in: root)
            #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("labs/Jos\\xe9.md:4:14: error: cannot convert value of type 'String' to specified type 'Int'\n"),
                    "\(run.stdout)\(run.stderr)")
        }

        // A submission of that name is graded with the others, and named with escapes.
        let fixtures = LabRunnerCLI.fixtures + "/exercises"
        try FileManager.default.createDirectory(atPath: root + "/subs", withIntermediateDirectories: true)
        let alice = try [UInt8](Data(contentsOf: URL(fileURLWithPath: fixtures + "/submissions/alice.md")))
        try FileNameTests.write(alice, named: Array((root + "/subs/").utf8) + Self.latin1 + Array(".md".utf8))
        try FileManager.default.copyItem(atPath: fixtures + "/submissions/bob.md", toPath: root + "/subs/bob.md")
        let grade = try await LabRunnerCLI.run(["grade", "--key", fixtures + "/key.md", "subs/" + lab, "subs/bob.md", "-o", "out"], in: root)
        #expect(grade.status == 0, "\(grade.stdout)\(grade.stderr)")
        #expect(grade.stdout.contains("Jos\\xe9  3 of 3 points  (double 2/2, greet 1/1)\n"), "\(grade.stdout)\(grade.stderr)")
        let csv = try String(contentsOfFile: root + "/out/grades.csv", encoding: .utf8)
        #expect(csv.contains("\r\nJos\\xe9,double,2,2,,\r\n"), "\(csv)")
    }
}
