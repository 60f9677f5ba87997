import Foundation
import Testing
@testable import LabRunner

/// Scratch work (Fixtures/exercises/scratch): a student's `print` in an exercise cell without an
/// output block, and a ```` ```swift scratch ```` cell, show their output and fail neither the
/// student's run nor the grade; a written (`manual`) exercise is left to the instructor.
struct ScratchEndToEndTests {
    static let folder = LabRunnerCLI.fixtures + "/exercises/scratch"

    @Test func printingInAnExerciseCellShowsAndDoesNotFailTheRun() async throws {
        let result = try await LabRunnerCLI.run(["run", "scribbling.md"], in: Self.folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("scratch: the cell at line 8 printed (not checked):\n          debug: 7\n"), "\(result.stdout)")
        #expect(result.stdout.contains("scratch: the cell at line 17 printed (not checked):\n          trying: 3\n"))
        #expect(result.stdout.contains("scratch: the cell at line 21 printed (not checked):\n          and: 5\n"))
        #expect(result.stdout.contains("done     total"))
        #expect(result.stdout.contains("exercises: 1 of 1 done (2 of 2 points)"))
        #expect(result.stdout.contains("written: explain (3 points), graded by the instructor"))
    }

    /// A written exercise needs no solution region, has no stub to check, and is said to be the instructor's.
    @Test func aWrittenExerciseIsTheInstructorsToGrade() async throws {
        let result = try await LabRunnerCLI.run(["run", "key.md"], in: Self.folder)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("PASS  exercise 'total': checked"))
        #expect(result.stdout.contains("written: explain (3 points), graded by the instructor"))
        let lab = try LabParser.parse(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/key.md"))), path: "key.md")
        #expect(lab.exercises.map(\.isManual) == [false, true])
        #expect(lab.exercises.map(\.points) == [2, 3])
    }

    /// The student added two cells between the key's: each cell with an output block still takes
    /// the place of the key's cell with output blocks, and the added ones earn and cost nothing.
    @Test func printingInAnExerciseCellDoesNotCostTheGrade() async throws {
        let result = try await LabRunnerCLI.run(["grade", "--repeat", "1", "--key", "key.md", "scribbling.md"], in: Self.folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("scribbling  2 of 5 points  (total 2/2, explain ?/3)  3 points of written exercises await the instructor"),
                "\(result.stdout)")
    }

    @Test func aScratchCellIsNeverComparedAndItsOutputIsOnThePage() async throws {
        let lab = try LabParser.parse(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/scribbling.md"))),
                                      path: "scribbling.md")
        #expect(lab.cells.map { lab.isScratch($0) } == [true, true, true, false])
        let output = NSTemporaryDirectory() + "labrunner-scratch-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: output) }
        let site = try await LabRunnerCLI.run(["html", "scribbling.md", "-o", output], in: Self.folder)
        #expect(site.status == 0, "\(site.stdout)\(site.stderr)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: output).filter { $0.hasSuffix(".html") && $0 != "index.html" }
        let page = try String(contentsOfFile: output + "/" + (pages.first ?? ""), encoding: .utf8)
        #expect(page.contains("trying: 3"))
    }
}
