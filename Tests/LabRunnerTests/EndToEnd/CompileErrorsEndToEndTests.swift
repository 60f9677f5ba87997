import Foundation
import Testing
@testable import LabRunner

/// A guide with mistakes in several samples (Fixtures/faults/compile-errors.md): every error is
/// reported at its Markdown line and column (block quotes and list items included), with that
/// line shown, and each sample fails on its own.
@Suite struct CompileErrorsEndToEndTests {
    @Test func everyCellsErrorIsReportedAtItsMarkdownLineAndColumn() throws {
        let result = try LabRunnerCLI.run(["run", "compile-errors.md"], in: FaultFixtures.folder)
        #expect(result.status == 1)
        let expected = """
        compile-errors.md:4:18: error: cannot convert value of type 'String' to specified type 'Int'
            let count: Int = "three"
                             ^
          FAIL  line 3: did not compile (1 error)
        compile-errors.md:10:24: error: cannot find 'missingValue' in scope
            > let total = count +  missingValue
                                   ^
          FAIL  line 9: did not compile (1 error)
        compile-errors.md:16:36: error: cannot convert return expression of type 'Int' to return type 'String'
               func greet() -> String { return 42 }
                                               ^
          FAIL  line 15: did not compile (1 error)
        compile-errors.md:20:7: error: cannot find 'undefinedName' in scope
            print(undefinedName)
                  ^
          FAIL  line 19: did not compile (1 error)
          FAIL  4 samples: 0 passed, 4 failed
        """
        #expect(result.stdout.contains(expected), "\(result.stdout)")
        #expect(!result.stdout.contains("main.swift"))
        // A guide's closing line counts its samples.
        #expect(result.stdout.hasSuffix("\n0 passed, 4 failed, 0 skipped\n"))
    }
}
