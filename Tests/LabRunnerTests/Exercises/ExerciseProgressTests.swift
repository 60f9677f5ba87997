import Foundation
import Testing
@testable import LabRunner

/// A student's progress, from a run's verdicts: done, not yet (with the hint), or following from
/// an earlier exercise that stopped the program; in the terminal and the JSON report.
struct ExerciseProgressTests {
    /// Cells: 0 before, 1 exercise a, 2 exercise b, 3 after.
    static let copy = """
    ---
    scenarios: mock
    ---
    ```swift
    print("start")
    ```
    ```output
    start
    ```
    <!-- labrunner: exercise id=a points=2 title="First" -->
    ```swift
    print(1)
    ```
    ```output
    2
    ```
    ```hint
    Add one.
    ```
    <!-- labrunner: exercise id=b -->
    ```swift
    print("b")
    ```
    ```output
    b
    ```
    <!-- labrunner: end-exercise -->
    ```swift
    print("end")
    ```
    ```output
    end
    ```
    """

    static func report(_ verdict: (Lab) -> ScenarioVerdict) throws -> FileReport {
        let lab = try LabParser.parse(bytes: Array(copy.utf8), path: "copy.md")
        return FileReport(ReportFixture.ran(lab, [verdict(lab)]), appleAvailable: false)
    }

    static func exercises(_ report: FileReport) -> [ExerciseReport] {
        guard case .lab(_, let parts, _) = report.content else { return [] }
        return parts[0].exercises
    }

    @Test func aWrongOutputIsNotYetWithItsHintAndARightOneIsDone() throws {
        let report = try Self.report { ReportFixture.verdict($0, "mock", outputs: [0: "start\n", 1: "1\n", 2: "b\n", 3: "end\n"]) }
        let exercises = Self.exercises(report)
        #expect(exercises.map(\.status) == [.notYet(stoppedAt: nil), .done])
        #expect(exercises[0].hint == "Add one.")
        let text = TerminalReport(style: .plain).render(report).joined(separator: "\n")
        #expect(text.contains("  exercises: 1 of 2 done (1 of 3 points)"))
        #expect(text.contains("    not yet  a  First  (copy.md:10)\n             hint: Add one."))
        #expect(text.contains("    done     b"))
        #expect(StudentCopyCheck.problems(report) == ["copy.md:20: error: exercise 'b' already passes in the students' copy; it checks nothing"])
        let json = try #require(JSONSerialization.jsonObject(with: Data(try JSONReport.json(RunReport(files: [report], appleAvailable: false)).utf8)) as? [String: Any])
        let entry = try #require((json["labs"] as? [[String: Any]])?.first?["exercises"] as? [[String: Any]])
        #expect(entry.map { $0["status"] as? String } == ["not-yet", "done"])
        #expect(entry.first?["hint"] as? String == "Add one.")
        #expect(entry.first?["points"] as? Int == 2)
    }

    @Test func aWrongOutputAfterAnExerciseNotDoneFollowsFromIt() throws {
        let report = try Self.report { ReportFixture.verdict($0, "mock", outputs: [0: "start\n", 1: "1\n", 2: "?\n", 3: "nd\n"]) }
        let exercises = Self.exercises(report)
        #expect(exercises.map(\.followingFailures) == [[], [28]])
        let text = TerminalReport(style: .plain).render(report).joined(separator: "\n")
        #expect(text.contains("the wrong output of the cell at line 28 follows from this exercise"))
    }

    @Test func exercisesAfterOneThatStoppedTheProgramFollowFromIt() throws {
        let report = try Self.report {
            ReportFixture.verdict($0, "mock", outputs: [0: "start\n", 1: "Fatal error\n"], problem: .signal(4), lastCell: 1)
        }
        #expect(Self.exercises(report).map(\.status) == [.notYet(stoppedAt: 10 + 1), .followsFrom("a")])
        #expect(StudentCopyCheck.problems(report).isEmpty)
    }

    /// Feedback said "stopped the program in the cell at line 37" of a 16-line submission: a
    /// line of the graded lab, which is the submission followed by the key (issue 38, point 8).
    /// A stop in a cell past the submission's own lines is a hidden check's, and said so.
    @Test func aStopInAHiddenCheckCitesNoLineOfTheKey() throws {
        var lab = try LabParser.parse(bytes: Array(Self.copy.utf8), path: "copy.md")
        lab.submission = SubmissionBounds(ownLineCount: 20)
        let verdict = ReportFixture.verdict(lab, "mock", outputs: [0: "start\n", 1: "2\n", 2: "Fatal error\n"],
                                            problem: .signal(4), lastCell: 2)
        let report = FileReport(ReportFixture.ran(lab, [verdict]), appleAvailable: false)
        let exercise = Self.exercises(report)[1]
        #expect(exercise.status == .notYet(stoppedAt: nil, inHiddenCheck: true))
        #expect(exercise.message == "not yet (stopped the program in a hidden check)")
        #expect(!TerminalReport(style: .plain).render(report).joined(separator: "\n").contains("line 21"))
    }
}
