import Foundation
import Testing
@testable import LabRunner

/// A package's README whose `// Prints` comments are its expected output, through the built tool.
@Suite struct PrintsPackageEndToEndTests {
    /// The comments pass, given the hidden setup block (without which nothing compiles); comments
    /// that say something else than the code prints fail at their line; `--update` rewrites them
    /// to the original bytes, mode kept.
    @Test func theReadmesPrintsCommentsAreCheckedAndUpdatedInPlace() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let readme = folder + "/README.md"
        let original = try Data(contentsOf: URL(fileURLWithPath: LabRunnerCLI.fixtures + "/prints-package/README.md"))
        try original.write(to: URL(fileURLWithPath: readme))

        let passing = try await LabRunnerCLI.run(["run", "README.md"], in: folder)
        #expect(passing.status == 0, "\(passing.stdout)\(passing.stderr)")
        #expect(passing.stdout.contains("PASS  3 samples: 3 passed"), "\(passing.stdout)")

        // Without its hidden setup block, the README alone (no package around it) is excerpts of
        // an API nothing declares: its samples are only parsed, and `--min-rung compiled` fails them.
        let text = String(decoding: original, as: UTF8.self)
        let start = try #require(text.range(of: "<!-- labrunner: setup"))
        let end = try #require(text.range(of: "-->\n", range: start.upperBound..<text.endIndex))
        try Data(text.replacingCharacters(in: start.lowerBound..<end.upperBound, with: "").utf8).write(to: URL(fileURLWithPath: readme))
        let withoutSetup = try await LabRunnerCLI.run(["run", "README.md"], in: folder)
        #expect(withoutSetup.status == 0)
        #expect(withoutSetup.stdout.contains("  PASS  3 samples: 3 passed (3 parsed only)\n"), "\(withoutSetup.stdout)")
        let required = try await LabRunnerCLI.run(["run", "--min-rung", "compiled", "README.md"], in: folder)
        #expect(required.status == 1)
        #expect(required.stdout.contains("FAIL  line 8: only parsed (--min-rung compiled): excerpt: uses greet, which nothing declares"),
                "\(required.stdout)")
        // Beside the package that declares `greet`, the same README fails: its reader has the package.
        try FileManager.default.copyItem(atPath: LabRunnerCLI.fixtures + "/prints-package/Package.swift", toPath: folder + "/Package.swift")
        try FileManager.default.copyItem(atPath: LabRunnerCLI.fixtures + "/prints-package/Sources", toPath: folder + "/Sources")
        let besidePackage = try await LabRunnerCLI.run(["run", "README.md"], in: folder)
        #expect(besidePackage.status == 1)
        #expect(besidePackage.stdout.contains("error: cannot find 'greet' in scope"), "\(besidePackage.stdout)")
        for copied in ["Package.swift", "Sources"] { try FileManager.default.removeItem(atPath: folder + "/" + copied) }

        // The README's comments now say "Hi" where the code greets with "Hello" (the programs are
        // the passing run's, from the cache: only the comments, which are not compiled, differ).
        let wrong = text.replacingOccurrences(of: #"// Prints "Hello, "#, with: #"// Prints "Hi, "#)
        #expect(wrong != text)
        try Data(wrong.utf8).write(to: URL(fileURLWithPath: readme))
        let failing = try await LabRunnerCLI.run(["run", "README.md"], in: folder)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("""
              FAIL  line 16: printed something else
                    README.md:18: output differs from the // Prints comments (- expected, + actual)
                    @@ -1,1 +1,1 @@
                    -Hi, Anna!
                    +Hello, Anna!
            """), "\(failing.stdout)")
        #expect(failing.stdout.contains("README.md:28: output differs from the // Prints comments"), "\(failing.stdout)")
        #expect(failing.stdout.contains("FAIL  3 samples: 1 passed, 2 failed"), "\(failing.stdout)")

        // `--update` rewrites the three comments to what the code prints: the original bytes.
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: readme)
        let updated = try await LabRunnerCLI.run(["run", "--update", "README.md"], in: folder)
        #expect(updated.status == 0, "\(updated.stdout)")
        #expect(updated.stdout.contains("updated: 3 // Prints comments rewritten\n  wrote README.md"), "\(updated.stdout)")
        let rewritten = try String(contentsOfFile: readme, encoding: .utf8)
        #expect(!rewritten.contains("```output"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: readme)) == original)
        let mode = try FileManager.default.attributesOfItem(atPath: readme)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }
}
