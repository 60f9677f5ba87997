import Foundation
import Testing
@testable import LabRunner

/// Points per check (Fixtures/exercises/points): an exercise's points split evenly over its
/// checks, a submission earning the share of the checks it passes, and feedback listing every
/// check's result with hidden ones named by number and scenario only.
struct CheckPointsEndToEndTests {
    static let folder = LabRunnerCLI.fixtures + "/exercises/points"

    @Test func passingMockAndEmptyOnlyEarnsThoseChecksPoints() async throws {
        let output = NSTemporaryDirectory() + "labrunner-points-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let result = try await LabRunnerCLI.run(["grade", "--repeat", "2", "--key", "key.md", "partial.md", "-o", output], in: Self.folder)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        // 6 points over 6 checks (a visible cell and a hidden one, in 3 scenarios): 4 of them pass.
        #expect(result.stdout.contains("partial  4 of 6 points  (describe 4/6)"), "\(result.stdout)")
        let csv = try String(contentsOfFile: output + "/grades.csv", encoding: .utf8)
        #expect(csv.contains("partial,describe,4,6,"))
        let feedback = try String(contentsOfFile: output + "/partial.feedback.txt", encoding: .utf8)
        #expect(feedback.contains("describe  4 of 6 points, 4 of 6 checks passed"), "\(feedback)")
        #expect(feedback.contains("  pass  the cell at line 10 in scenario mock"))
        #expect(feedback.contains("  pass  the cell at line 10 in scenario empty"))
        #expect(feedback.contains("  fail  the cell at line 10 in scenario failing"))
        #expect(feedback.contains("  pass  hidden check 1 of exercise 'describe' in scenario empty"))
        #expect(feedback.contains("  fail  hidden check 1 of exercise 'describe' in scenario failing"))
        #expect(!feedback.contains("Edsger"), "a hidden check's content stays the key's")
    }

    @Test func theShareIsOneDivisionSoAllChecksIsExactlyThePoints() {
        #expect(CheckPoints.earned(points: 2, passed: 3, of: 3) == 2)
        #expect(CheckPoints.earned(points: 2, passed: 0, of: 3) == 0)
        #expect(PointsText.format(CheckPoints.earned(points: 2, passed: 2, of: 3)) == "1.33")
        #expect(PointsText.format(CheckPoints.earned(points: 1, passed: 1, of: 2)) == "0.5")
        #expect(CheckPoints.earned(points: 4, passed: 1, of: 0) == 0)
    }
}
