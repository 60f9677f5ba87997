import Foundation
import Testing
@testable import LabRunner

/// A guide with mistakes in several samples (Fixtures/faults/compile-errors.md): every error is
/// reported at its Markdown line and column (block quotes and list items included), with that
/// line shown, and each sample fails on its own.
@Suite struct CompileErrorsEndToEndTests {
    @Test func everyCellsErrorIsReportedAtItsMarkdownLineAndColumn() async throws {
        let result = try await LabRunnerCLI.run(["run", "compile-errors.md"], in: FaultFixtures.folder)
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
        compile-errors.md:20:13: error: value of type 'Int' has no member 'undefinedName'
            print(count.undefinedName)
                        ^
          FAIL  line 19: did not compile (1 error)
          FAIL  4 samples: 0 passed, 4 failed
        """
        #expect(result.stdout.contains(expected), "\(result.stdout)")
        #expect(!result.stdout.contains("main.swift"))
        // A guide's closing line counts its samples.
        #expect(result.stdout.hasSuffix("\n0 passed, 4 failed, 0 skipped\n"))
    }

    /// An error in a macro's expansion is in a file swiftc writes into the build folder, which is
    /// removed after the build: it is named `<build>/…` on the first run as when the failed build
    /// comes back from the cache, never by the removed folder's path. (The first run named
    /// `/tmp/labrunner-XXXXXX/…`, the cached one `<build>/…`.)
    @Test func anErrorInAMacroExpansionNamesTheBuildFolderTheSameWayFreshAndCached() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A guide's sample, made this run's own (a string, as a guide's comments are not its
        // program's) so that the first run compiles it. `Award` is declared, as a value: a type
        // nothing declares would make the sample an excerpt, only parsed.
        let guide = "# Macro\n\n```swift\nimport Observation\nlet run = \"\(UUID().uuidString)\"\nlet Award = 1\n@Observable final class Car {\n    var awards: [Award] = []\n}\n```\n"
        try Data(guide.utf8).write(to: URL(fileURLWithPath: folder + "/macro.md"))
        let fresh = try await LabRunnerCLI.run(["run", "-v", "macro.md"], in: folder)
        let cached = try await LabRunnerCLI.run(["run", "-v", "macro.md"], in: folder)
        #expect(fresh.stdout.contains("swiftc ran") && !cached.stdout.contains("swiftc ran"), "\(fresh.stdout)\(cached.stdout)")
        #expect(fresh.status == 1 && cached.status == 1)
        let expansion = #"<build>/swift-generated-sources/@__swiftmacro_"#
        #expect(fresh.stdout.contains(expansion), "\(fresh.stdout)")
        #expect(!fresh.stdout.contains("/labrunner-"), "\(fresh.stdout)")
        func diagnostics(_ text: String) -> [String] { text.split(separator: "\n").filter { $0.contains("error:") }.map(String.init) }
        #expect(diagnostics(fresh.stdout) == diagnostics(cached.stdout))
        #expect(!diagnostics(fresh.stdout).isEmpty)
    }
}
