import Foundation
import Testing
@testable import LabRunner

/// Locked content (Fixtures/exercises/locked): a submission that edited a cell and its output
/// block outside the exercises is reported, per student, in the CSV's warning column and with
/// the changed lines in the feedback; one that changed nothing gets no warning.
struct LockedContentEndToEndTests {
    @Test func anEditedLockedCellIsReported() async throws {
        let folder = LabRunnerCLI.fixtures + "/exercises"
        let output = NSTemporaryDirectory() + "labrunner-locked-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try await LabRunnerCLI.run(["grade", "--repeat", "1", "--key", "key.md", "locked/edited.md", "student.md", "-o", output],
                                          in: folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("edited  2 of 3 points  (double 2/2, greet 0/1)\n  warning: locked content changed: 4 lines"),
                "\(result.stdout)")
        let csv = try String(contentsOfFile: output + "/grades.csv", encoding: .utf8)
        #expect(csv.hasPrefix("student,exercise,points,out of,note,warning\r\n"))
        #expect(csv.contains("edited,double,2,2,,locked content changed: 4 lines\r\n"), "\(csv)")
        #expect(csv.contains("student,double,0,2,,\r\n"), "\(csv)")
        let feedback = try String(contentsOfFile: output + "/edited.feedback.txt", encoding: .utf8)
        #expect(feedback.contains("  - print(\"start\")\n"), "\(feedback)")
        #expect(feedback.contains("  + print(\"started\")  (edited.md:8)\n"), "\(feedback)")
        #expect(feedback.contains("  + started  (edited.md:11)\n"), "\(feedback)")
        let clean = try String(contentsOfFile: output + "/student.feedback.txt", encoding: .utf8)
        #expect(!clean.contains("differs from the handout"))
    }
}
