import Foundation
import Testing
@testable import LabRunner

/// Exercises through the built tool (Fixtures/exercises): an exercise whose stub already passes
/// fails `run`; `student` writes a copy that compiles and fails every exercise; `grade` gives a
/// correct submission every point, edited transcripts nothing, and an exercise that does not compile zero.
struct ExercisesEndToEndTests {
    static let folder = LabRunnerCLI.fixtures + "/exercises"

    /// Fixtures/exercises/stub-checks.md, one lab (one key build) with a stub of each kind: a stub
    /// that already passes every output checks nothing; one that passes one check (an empty list
    /// counts 0 in `empty`) would give a blank answer that check's points. Either fails the key's
    /// run, naming the exercise (and the check).
    @Test func aStubThatPassesAllOrSomeOfItsChecksFailsTheRunNamingTheExercise() async throws {
        let result = try await LabRunnerCLI.run(["run", "stub-checks.md"], in: Self.folder)
        #expect(result.status == 1, "\(result.stdout)")
        #expect(result.stdout.contains("stub-checks.md:4: error: exercise 'lazy-stub': the stub already passes its outputs; it checks nothing"),
                "\(result.stdout)")
        #expect(result.stdout.contains("stub-checks.md:19: error: exercise 'count-names': the stub already passes 1 of its checks "
                                       + "(the cell at line 20 in scenario empty): a blank answer would earn their points"), "\(result.stdout)")
    }

    @Test func theKeyPassesAndItsStudentCopyFailsEveryExercise() async throws {
        let key = try await LabRunnerCLI.run(["run", "key.md"], in: Self.folder)
        #expect(key.status == 0, "\(key.stdout)")
        #expect(key.stdout.contains("PASS  exercise 'double': checked"))
        #expect(key.stdout.contains("PASS  exercise 'greet': checked"))

        // At a stable path: the copy `student` compiles to check it is named by that path, so it
        // comes from the tests' shared cache from the second `swift test` on.
        let output = try LabRunnerCLI.stableFolder(name: "exercises-handout")
        defer { try? FileManager.default.removeItem(atPath: output) }
        let student = try await LabRunnerCLI.run(["student", "key.md", "-o", output], in: Self.folder)
        #expect(student.status == 0, "\(student.stdout)\(student.stderr)")
        #expect(student.stdout.contains("it compiles and every exercise fails until it is solved"))
        // The checked-in copy is what the tool writes, byte for byte.
        let written = try Data(contentsOf: URL(fileURLWithPath: output + "/key.md"))
        let expected = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/student.md"))
        #expect(written == expected)
    }

    @Test func gradingUsesTheKeysOutputsAndGivesABrokenBuildZero() async throws {
        let output = NSTemporaryDirectory() + "labrunner-grades-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try await LabRunnerCLI.run(["grade", "--key", "key.md", "submissions/alice.md", "submissions/bob.md",
                                           "submissions/carol.md", "-o", output], in: Self.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("alice  3 of 3 points"))
        #expect(result.stdout.contains("bob  1 of 3 points"))
        // Carol's `double` does not compile: built as its stub, it scores 0, and her `greet` (the stub) is graded too.
        let error = "submissions/carol.md:19:16: error: cannot convert value of type 'String' to expected argument type 'Int'"
        #expect(result.stdout.contains("carol  0 of 3 points  (double 0/2, greet 0/1)\n  double: did not compile: \(error)"), "\(result.stdout)")
        let csv = try String(contentsOfFile: output + "/grades.csv", encoding: .utf8)
        #expect(csv == """
            student,exercise,points,out of,note,warning\r
            alice,double,2,2,,\r
            alice,greet,1,1,,\r
            bob,double,0,2,,\r
            bob,greet,1,1,,\r
            carol,double,0,2,did not compile: \(error),\r
            carol,greet,0,1,,\r

            """)
        let json = try String(contentsOfFile: output + "/grades.json", encoding: .utf8)
        #expect(json.contains("\"student\" : \"carol\""))
        // Bob changed the expected output instead of the code: the key's transcript is the one compared.
        let feedback = try String(contentsOfFile: output + "/bob.feedback.txt", encoding: .utf8)
        #expect(feedback.contains("-4\n        +2"))
        #expect(feedback.contains("hint: Multiply by two."))
    }
}
