import Foundation
import Testing

/// Issue 35: a student's run tells the truth. The students' copy says how many hidden checks
/// each exercise lost (`hidden=N`, written by `student`), so the run names the checks it did not
/// run and labels its points as the visible checks' (a FAIL line's reason: TerminalGoldenTests).
struct StudentRunEndToEndTests {
    /// Fixtures/exercises/student.md (the handout `student` writes of key.md) with `double` solved.
    @Test func aStudentsRunNamesTheHiddenChecksItDidNotRun() async throws {
        let folder = NSTemporaryDirectory() + "labrunner-student-run-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let handout = try String(contentsOfFile: LabRunnerCLI.fixtures + "/exercises/student.md", encoding: .utf8)
        try handout.replacingOccurrences(of: "    return x\n", with: "    return x + x\n")
            .write(toFile: folder + "/lab.md", atomically: true, encoding: .utf8)
        let result = try await LabRunnerCLI.run(["run", "lab.md"], in: folder)
        #expect(result.status == 1)
        let stdout = result.stdout.replacingOccurrences(of: #"[0-9]+\.[0-9]{2}s\n"#, with: "0.00s\n", options: .regularExpression)
        #expect(stdout == """
            lab.md  Exercises
              FAIL  mock      0.00s
                    crashed: SIGILL (a Swift runtime trap: fatalError, force unwrap of nil, index out of range…) in the cell at lab.md:31
                    stderr:
                      lab.md:33: Fatal error: greet: not yet
              FAIL  empty     0.00s
                    crashed: SIGILL (a Swift runtime trap: fatalError, force unwrap of nil, index out of range…) in the cell at lab.md:31
                    stderr:
                      lab.md:33: Fatal error: greet: not yet
              exercises: 1 of 2 done (2 of 3 points by the visible checks; 2 hidden checks run only when graded)
                done     double  Double a number
                         2 of 2 visible checks pass; 2 hidden checks run when graded
                not yet  greet  Greet  (lab.md:30)
                         (stopped the program in the cell at line 31)

            0 passed, 2 failed, 0 skipped

            """, "\(stdout)")
    }
}
