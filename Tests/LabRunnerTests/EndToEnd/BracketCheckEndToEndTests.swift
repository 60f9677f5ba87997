import Foundation
import Testing
@testable import LabRunner

/// A lab whose second cell misses one `}` (Fixtures/faults/unclosed-brace.md): the tool names that
/// cell, at the bracket it never closes, without running swiftc, instead of swiftc's errors in
/// later cells and in "the labrunner prelude".
@Suite struct BracketCheckEndToEndTests {
    @Test func theCellThatNeverClosesABraceIsNamedAtTheBrace() async throws {
        let result = try await LabRunnerCLI.run(["run", "--no-cache", "unclosed-brace.md"], in: FaultFixtures.folder)
        #expect(result.status == 1)
        let expected = """
        unclosed-brace.md:16:47: error: '{' is never closed in this cell
              func describe(_ counter: Counter) -> String {
                                                          ^
        """
        #expect(result.stdout.contains(expected), "\(result.stdout)")
        #expect(result.stdout.contains("did not compile (1 error in 1 of 5 cells)"), "\(result.stdout)")
        #expect(!result.stdout.contains("prelude"), "\(result.stdout)")
        // Brackets in the fourth cell's strings and comments are not taken for code.
        #expect(!result.stdout.contains("unclosed-brace.md:3"), "\(result.stdout)")
    }

    /// A `no_run` cell is checked too: its own brace, not "the cells before it" or the prelude.
    /// The cell before it compiles and runs: in the tests' shared cache, so only a first `swift test` builds it.
    @Test func aNoRunCellThatNeverClosesABraceIsNamedAtTheBrace() async throws {
        let result = try await LabRunnerCLI.run(["run", "unclosed-no-run.md"], in: FaultFixtures.folder)
        #expect(result.status == 1)
        #expect(result.stdout.contains("unclosed-no-run.md:8:14: error: '{' is never closed in this cell"), "\(result.stdout)")
        #expect(!result.stdout.contains("before it do not compile"), "\(result.stdout)")
        #expect(!result.stdout.contains("prelude"), "\(result.stdout)")
    }
}
