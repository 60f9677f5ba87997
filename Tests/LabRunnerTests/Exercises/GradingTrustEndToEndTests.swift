import Foundation
import Testing
@testable import LabRunner

/// Grading a student cannot win by luck (Fixtures/exercises/wrong): every exercise of `Labs/`
/// against at least two plausible wrong answers, each failing a check in every one of 10 runs; feedback
/// that names a failing hidden check but never shows its code or expected output, and cites only
/// the submission's own lines; a flaky check scored 0 and named; a damaged marker costing only
/// its exercise. One `grade --repeat 10` per lab: each submission is compiled once and run 10 times.
///
/// `swift test` grades one fixed wrong answer per lab (`inSwiftTest`: every lab's key, hidden
/// checks and feedback, 10 runs each); all 23 are graded with
/// `LABRUNNER_GRADING_TRUST=all swift test --filter GradingTrust` (about 60 s of CPU against 25 s,
/// most of it compiling 23 lab programs and running them 690 times; docs/performance.md).
struct GradingTrustEndToEndTests {
    /// The wrong answer graded per lab in `swift test`: the first by name, except where teaching.md
    /// names the case (lab 02's answer that looks only at the last step, lab 04's group that forgets
    /// to sort, the timing case).
    static let inSwiftTest = ["lab01": "plural-one-item", "lab02-state-machine": "checks-only-the-last-step",
                              "lab03-streams": "counts-down-to-zero", "lab04-task-groups": "forgets-the-sort",
                              "lab05-decoding": "nested-needs-born", "lab06-dependency-injection": "loads-every-time",
                              "lab07-reducers": "adds-empty-titles", "lab08-viper": "accepts-any-number",
                              "lab09-concurrency": "counts-each-id-once"]
    static let gradesAll = ProcessInfo.processInfo.environment["LABRUNNER_GRADING_TRUST"] == "all"

    static let wrong = LabRunnerCLI.fixtures + "/exercises/wrong"
    static let labs = URL(fileURLWithPath: LabRunnerCLI.fixtures).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Labs").path
    static let labsWithExercises = ["lab01", "lab02-state-machine", "lab03-streams", "lab04-task-groups", "lab05-decoding",
                                    "lab06-dependency-injection", "lab07-reducers", "lab08-viper", "lab09-concurrency"]

    /// `{students: [{student, exercises: [{id, points, …}]}]}` as the grader wrote it.
    static func exercises(in json: String) throws -> [String: [[String: Any]]] {
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let students = try #require(document["students"] as? [[String: Any]])
        var byStudent: [String: [[String: Any]]] = [:]
        for student in students {
            byStudent[try #require(student["student"] as? String)] = try #require(student["exercises"] as? [[String: Any]])
        }
        return byStudent
    }

    @Test func everyExerciseInLabsHasWrongAnswersOfItsOwn() throws {
        let found = try FileManager.default.contentsOfDirectory(atPath: Self.labs).filter { $0.hasSuffix(".md") }.sorted()
        var withExercises: [String] = []
        for name in found {
            let lab = try LabParser.parse(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Self.labs + "/" + name))), path: name)
            guard !lab.exercises.isEmpty else { continue }
            withExercises.append(String(name.dropLast(3)))
            // Every lab: at least two checked exercises, and its written ones.
            #expect(lab.checkedExercises.count >= 2, "\(name)")
            #expect(lab.exercises.contains { $0.isManual }, "\(name)")
        }
        #expect(withExercises == Self.labsWithExercises)
        for lab in withExercises {
            let answers = try FileManager.default.contentsOfDirectory(atPath: Self.wrong + "/" + lab).filter { $0.hasSuffix(".md") }
            #expect(answers.count >= 2, "\(lab)")
            #expect(answers.contains((Self.inSwiftTest[lab] ?? "") + ".md"), "\(lab): its wrong answer in swift test")
        }
        #expect(Self.inSwiftTest.keys.sorted() == Self.labsWithExercises)
    }

    @Test(arguments: labsWithExercises)
    func wrongAnswersScoreZeroInEveryRunAndFeedbackKeepsTheKeysSecrets(lab: String) async throws {
        let output = NSTemporaryDirectory() + "labrunner-wrong-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let folder = Self.wrong + "/" + lab
        let answers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }.sorted()
            .filter { Self.gradesAll || $0 == (Self.inSwiftTest[lab] ?? "") + ".md" }
        try #require(!answers.isEmpty, "\(lab): no wrong answer to grade")
        let keyPath = Self.labs + "/" + lab + ".md"
        let result = try await LabRunnerCLI.run(["grade", "--repeat", "10", "--key", keyPath] + answers.map { folder + "/" + $0 } + ["-o", output],
                                          in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let graded = try Self.exercises(in: try String(contentsOfFile: output + "/grades.json", encoding: .utf8))
        #expect(graded.keys.sorted() == answers.map { String($0.dropLast(3)) })
        for (student, exercises) in graded {
            // A wrong answer is short of full points on the exercise it answers (the others are
            // stubs, or right), and not because the runs differed: the checks it fails, it fails
            // the same way in all 10 runs (a failed check scores 0). Written exercises have no checks.
            var short = 0
            for exercise in exercises where exercise["manual"] as? Bool != true {
                let points = try #require(exercise["points"] as? Double), outOf = try #require(exercise["outOf"] as? Double)
                let checks = try #require(exercise["checks"] as? [[String: Any]])
                if points < outOf, checks.contains(where: { $0["passed"] as? Bool == false }) { short += 1 }
                #expect((exercise["flaky"] as? [String])?.isEmpty == true, "\(student): \(exercise)")
            }
            #expect(short > 0, "\(student): \(exercises)")
        }

        let key = try LabParser.parse(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: keyPath))), path: keyPath)
        let visibleOutputs = Set(key.cells.filter { !$0.isHidden }.flatMap(\.outputs).flatMap { ReportText.lines($0.block.code) })
        let hidden = key.cells.filter(\.isHidden)
        #expect(!hidden.isEmpty)
        let secrets = hidden.flatMap { ReportText.lines($0.block.code) }.map { $0.trimmingWhitespace() }.filter { $0.count > 3 }
            + hidden.flatMap(\.outputs).flatMap { ReportText.lines($0.block.code) }.filter { !visibleOutputs.contains($0) && $0.count > 3 }
        for answer in answers {
            let student = String(answer.dropLast(3))
            let feedback = try String(contentsOfFile: "\(output)/\(student).feedback.txt", encoding: .utf8)
            for secret in secrets { #expect(!feedback.contains(secret), "\(student) feedback shows the key's '\(secret)'") }
            #expect(feedback.contains("hidden check"), "\(student): a failing hidden check is named")
            try Self.expectCitesOnlyItsOwnLines(feedback, file: answer, path: folder + "/" + answer)
        }
    }

    /// Every `NAME.md:LINE` in `feedback` is a line of the submission.
    static func expectCitesOnlyItsOwnLines(_ feedback: String, file: String, path: String) throws {
        let lineCount = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).count
        var rest = Substring(feedback)
        var cited = 0
        while let found = rest.range(of: file + ":") {
            let digits = rest[found.upperBound...].prefix { $0.isASCII && $0.isNumber }
            if let line = Int(digits) {
                cited += 1
                #expect(line >= 1 && line <= lineCount, "\(file):\(line) is not a line of the \(lineCount)-line submission")
            }
            rest = rest[found.upperBound...]
        }
        #expect(cited > 0, "\(file): the feedback cites the exercise's line")
    }

    @Test func aFlakyCheckScoresZeroAndADamagedMarkerCostsOnlyItsExercise() async throws {
        let folder = LabRunnerCLI.fixtures + "/exercises"
        let output = NSTemporaryDirectory() + "labrunner-trust-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        // Dave's `double` is right in some runs only; with 10 runs both ways come up (all alike: 2⁻⁹ per check).
        let result = try await LabRunnerCLI.run(["grade", "--repeat", "10", "--key", "key.md", "submissions/dave.md", "submissions/erin.md",
                                           "-o", output], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("dave  1 of 3 points  (double 0/2, greet 1/1)\n  double: flaky: "), "\(result.stdout)")
        let graded = try Self.exercises(in: try String(contentsOfFile: output + "/grades.json", encoding: .utf8))
        let daveDouble = try #require(graded["dave"]?.first { $0["id"] as? String == "double" })
        #expect((daveDouble["flaky"] as? [String])?.isEmpty == false)
        let csv = try String(contentsOfFile: output + "/grades.csv", encoding: .utf8)
        // Quoted when it names several checks: their "; " is a separator to some spreadsheets.
        #expect(csv.contains("dave,double,0,2,flaky: ") || csv.contains("dave,double,0,2,\"flaky: "), "\(csv)")

        // Erin deleted the line that starts exercise 'double' (its hint is then outside any
        // exercise) but solved both: 'greet' is graded, 'double' scores 0 and says where the file broke.
        #expect(result.stdout.contains("erin  1 of 3 points  (double 0/2, greet 1/1)"), "\(result.stdout)")
        let feedback = try String(contentsOfFile: output + "/erin.feedback.txt", encoding: .utf8)
        #expect(feedback.contains("submissions/erin.md:25: error: hint block outside an exercise"), "\(feedback)")
        #expect(feedback.contains("not graded: its marker '<!-- labrunner: exercise id=double … -->' is not in your file"))
        try Self.expectCitesOnlyItsOwnLines(feedback, file: "erin.md", path: folder + "/submissions/erin.md")
    }
}
