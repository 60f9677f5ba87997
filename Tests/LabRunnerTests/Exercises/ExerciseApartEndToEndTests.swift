import Foundation
import Testing

/// Issue 35: each exercise is graded on its own. Frank's `double` is right and his `greet` does
/// not compile (Fixtures/exercises/submissions/frank.md): `double` earns its 2 points, `greet`
/// scores 0 with the compiler's error at Frank's line, and every count and note says so.
struct ExerciseApartEndToEndTests {
    static let folder = LabRunnerCLI.fixtures + "/exercises"

    @Test func anExerciseThatDoesNotCompileCostsOnlyItsOwnPoints() async throws {
        let output = NSTemporaryDirectory() + "labrunner-apart-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try await LabRunnerCLI.run(["grade", "--repeat", "1", "--key", "key.md", "submissions/frank.md",
                                                 "submissions/gina.md", "submissions/hana.md", "-o", output], in: Self.folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let error = "submissions/frank.md:33:29: error: cannot convert value of type 'Int' to expected argument type 'String'"
        let gina = "submissions/gina.md:8:7: error: cannot find 'start' in scope"
        #expect(result.stdout.contains("""
            frank  2 of 3 points  (double 2/2, greet 0/1)
              greet: did not compile: \(error)

            """), "\(result.stdout)")
        let csv = try String(contentsOfFile: output + "/grades.csv", encoding: .utf8)
        #expect(csv == """
            student,exercise,points,out of,note,warning\r
            frank,double,2,2,,\r
            frank,greet,0,1,did not compile: \(error),\r
            gina,double,0,2,did not compile: \(gina),locked content changed: 2 lines\r
            gina,greet,0,1,did not compile: \(gina),locked content changed: 2 lines\r
            hana,double,1,2,,\r
            hana,greet,1,1,,\r

            """)
        let gradebook = try String(contentsOfFile: output + "/gradebook.csv", encoding: .utf8)
        #expect(gradebook.contains("frank,,2,pass,pass,pass,pass,0,fail,fail,2,2,key: greet: did not compile: \(error),"), "\(gradebook)")
        let feedback = try String(contentsOfFile: output + "/frank.feedback.txt", encoding: .utf8)
            .replacingOccurrences(of: #"[0-9]+\.[0-9]{2}s\n"#, with: "0.00s\n", options: .regularExpression)
        #expect(feedback == Self.feedback, "\(feedback)")
        let page = try String(contentsOfFile: output + "/frank.feedback.html", encoding: .utf8)
        #expect(page.contains("0 of 1 point</span>, 0 of 2 checks passed"), "\(page)")

        // Gina's error is outside the exercises (`print(start)`): nothing runs, and her feedback
        // counts the checks she did not pass (it said `0 of 0 checks passed`).
        #expect(result.stdout.contains("gina  0 of 3 points  (double 0/2, greet 0/1)  did not compile\n  warning: locked content changed: 2 lines\n\(gina)\n"),
                "\(result.stdout)")
        let gradebookOfGina = try String(contentsOfFile: output + "/gradebook.csv", encoding: .utf8)
        #expect(gradebookOfGina.contains("\"key: did not compile: \(gina); key: locked content changed: 2 lines\""), "\(gradebookOfGina)")
        let ginas = try String(contentsOfFile: output + "/gina.feedback.txt", encoding: .utf8)
        #expect(ginas.contains("""
            double  0 of 2 points, 0 of 4 checks passed
              fail  the cell at line 17 in scenario mock
              fail  hidden check 1 of exercise 'double' in scenario mock
              fail  the cell at line 17 in scenario empty
              fail  hidden check 1 of exercise 'double' in scenario empty
            greet  0 of 1 point, 0 of 2 checks passed
            """), "\(ginas)")

        // Hana's `double` passes its visible cell and fails the hidden check in both scenarios: each
        // FAIL line says why without citing the key's lines (the check's diff is shared, below).
        let hanas = try String(contentsOfFile: output + "/hana.feedback.txt", encoding: .utf8)
            .replacingOccurrences(of: #"[0-9]+\.[0-9]{2}s  "#, with: "0.00s  ", options: .regularExpression)
        #expect(hanas.contains("""
              FAIL  mock      0.00s  output differs: hidden check 1 of exercise 'double' (below)
              FAIL  empty     0.00s  output differs: hidden check 1 of exercise 'double' (below)
                    hidden check 1 of exercise 'double' printed something else than it should in scenarios mock, empty

            """), "\(hanas)")
    }

    /// The whole feedback, the run's times as 0.00s.
    static let feedback = """
        frank  2 of 3 points  (double 2/2, greet 0/1)
          greet: did not compile: submissions/frank.md:33:29: error: cannot convert value of type 'Int' to expected argument type 'String'

        double  2 of 2 points, 4 of 4 checks passed
          pass  the cell at line 17 in scenario mock
          pass  hidden check 1 of exercise 'double' in scenario mock
          pass  the cell at line 17 in scenario empty
          pass  hidden check 1 of exercise 'double' in scenario empty
        greet  0 of 1 point, 0 of 2 checks passed
          fail  the cell at line 31 in scenario mock
          fail  the cell at line 31 in scenario empty

        Exercise 'greet' did not compile, so it scores 0: it was built as the handout's stub, and the rest of your lab was graded with it (what the run below says of it is the stub's):
        submissions/frank.md:33:29: error: cannot convert value of type 'Int' to expected argument type 'String'
                return "hello, " + name.count
                                        ^

        submissions/frank.md  Exercises
          FAIL  mock      0.00s
                crashed: SIGILL (a Swift runtime trap: fatalError, force unwrap of nil, index out of range…) in the cell at submissions/frank.md:31
                stderr:
                  submissions/frank.md:33: Fatal error: greet: not yet
          FAIL  empty     0.00s
                crashed: SIGILL (a Swift runtime trap: fatalError, force unwrap of nil, index out of range…) in the cell at submissions/frank.md:31
                stderr:
                  submissions/frank.md:33: Fatal error: greet: not yet
          exercises: 1 of 2 done (2 of 3 points)
            done     double  Double a number
            not yet  greet  Greet  (submissions/frank.md:30)
                     (did not compile: built as the handout's stub, so the other exercises could be graded)

        Expected outputs, hidden checks and hints are the instructor's: a diff at one of your output blocks compares with the instructor's text; a hidden check is named, never shown.

        """
}
