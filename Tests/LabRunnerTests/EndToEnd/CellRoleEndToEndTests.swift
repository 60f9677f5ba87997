import Foundation
import Testing

/// `compile_fail`, `standalone` and `no_run` cells, compile-only guides, missing modules, bare fences.
@Suite struct CellRoleEndToEndTests {
    @Test func aDataRaceCellPassesAsCompileFailAndFailsOnceCorrected() async throws {
        let passing = try await LabRunnerCLI.run(["run", "roles.md"], in: LabRunnerCLI.fixtures)
        #expect(passing.status == 0, "\(passing.stdout)")
        #expect(passing.stdout.contains("roles.md:16  compile_fail cell\n  PASS  rejected by swiftc as expected (1 error)"))
        #expect(passing.stdout.contains("roles.md:29  standalone cell\n  PASS  mock"))
        #expect(passing.stdout.contains("roles.md:37  no_run cell\n  PASS  compiled, not run"))
        #expect(passing.stdout.hasSuffix("\n8 passed, 0 failed, 0 skipped\n"))

        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try String(contentsOfFile: LabRunnerCLI.fixtures + "/roles.md", encoding: .utf8)
        // The use after sending goes, its line stays: the other cells keep their lines, so their
        // builds (the program, the standalone and no_run cells) are the fixture's, from the cache.
        let withoutUse = original.replacingOccurrences(of: "    counter.value += 1\n", with: "\n")
        #expect(withoutUse != original)
        try withoutUse.write(toFile: folder + "/roles.md", atomically: true, encoding: .utf8)
        let corrected = try await LabRunnerCLI.run(["run", "--scenario", "mock", "roles.md"], in: folder)
        #expect(corrected.status == 1)
        #expect(corrected.stdout.contains("roles.md:16: error: compile_fail cell compiled; swiftc was expected to reject it"))
    }

    /// In the tests' shared cache (its clang modules warm), with a comment of this run's own at
    /// the end of a line of each of the four builds, so swiftc runs for each (line numbers unchanged).
    @Test func anUnchangedCheckComesFromTheCache() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let nonce = " // \(UUID().uuidString)\n"
        var text = try String(contentsOfFile: LabRunnerCLI.fixtures + "/roles.md", encoding: .utf8)
        for line in ["final class Counter { var value = 0 }", "func demo() async {", "print(\"alone in \\(Lab.scenario)\")", "while true { }"] {
            let unique = text.replacingOccurrences(of: line + "\n", with: line + nonce)
            #expect(unique != text, "roles.md has no line '\(line)'")
            text = unique
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/roles.md"))
        let arguments = ["run", "-v", "--scenario", "mock", "roles.md"]
        let first = try await LabRunnerCLI.run(arguments, in: folder)
        let second = try await LabRunnerCLI.run(arguments, in: folder)
        for result in [first, second] {
            #expect(result.status == 0, "\(result.stdout)")
            #expect(result.stdout.contains("PASS  rejected by swiftc as expected (1 error)"))
        }
        // The program, the compile_fail and no_run checks and the standalone cell: four builds, then none.
        #expect(first.stdout.components(separatedBy: "swiftc ran").count == 5, "\(first.stdout)")
        #expect(second.stdout.components(separatedBy: "cache hit: swiftc not run").count == 5, "\(second.stdout)")
    }

    @Test func updateWritesTheDiagnosticsSwiftcReported() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try Data(contentsOf: URL(fileURLWithPath: LabRunnerCLI.fixtures + "/roles.md"))
        let path = folder + "/roles.md"
        try Data(String(decoding: original, as: UTF8.self)
            .replacingOccurrences(of: "error: sending 'counter' risks causing data races", with: "error: [..] is fine").utf8)
            .write(to: URL(fileURLWithPath: path))

        let failing = try await LabRunnerCLI.run(["run", "--scenario", "mock", "roles.md"], in: folder)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("roles.md:25: diagnostics differ (- expected, + actual)"))
        #expect(failing.stdout.contains("-error: [..] is fine\n        +error: sending 'counter' risks causing data races\n"))

        let updated = try await LabRunnerCLI.run(["run", "--update", "--scenario", "mock", "roles.md"], in: folder)
        #expect(updated.status == 0, "\(updated.stdout)")
        #expect(updated.stdout.contains("updated: the diagnostics block"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == original)
    }

    @Test func aGuideIsCheckedSampleBySample() async throws {
        let result = try await LabRunnerCLI.run(["run", "guide/guide.markdown"], in: LabRunnerCLI.fixtures)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("  skipped: marked skip (line 13)\n  PASS  3 samples: 2 passed, 1 skipped\n"), "\(result.stdout)")
        #expect(result.stdout.hasSuffix("\n2 passed, 0 failed, 1 skipped\n"))
    }

    @Test func aMissingModuleSkipsTheLabUnlessStrict() async throws {
        let skipped = try await LabRunnerCLI.run(["run", "guide/tca.md"], in: LabRunnerCLI.fixtures)
        #expect(skipped.status == 0, "\(skipped.stdout)")
        #expect(skipped.stdout.contains("skipped: needs module ComposableArchitecture, not available here (line 3)"), "\(skipped.stdout)")
        // Nothing in the file was checked: it never reads as passing, and the closing line counts the skip.
        #expect(skipped.stdout.contains("\n  SKIP  nothing checked: needs module ComposableArchitecture, not available here (1 sample: 0 passed, 1 skipped)\n"),
                "\(skipped.stdout)")
        #expect(!skipped.stdout.contains("PASS"))
        #expect(skipped.stdout.hasSuffix("\n0 passed, 0 failed, 1 skipped\n"))

        let strict = try await LabRunnerCLI.run(["run", "--strict", "guide/tca.md"], in: LabRunnerCLI.fixtures)
        #expect(strict.status == 1)
        #expect(strict.stdout.contains("tca.md:4:8: error: no such module 'ComposableArchitecture'"))
    }

    @Test func foldersAreSearchedForMarkdownAndMarkdownFiles() async throws {
        let result = try await LabRunnerCLI.run(["list", "--json", "guide/guide.markdown"], in: LabRunnerCLI.fixtures)
        #expect(result.status == 0)
        let run = try await LabRunnerCLI.run(["run", "guide"], in: LabRunnerCLI.fixtures)
        #expect(run.stdout.hasPrefix("guide/guide.markdown\n"), "\(run.stdout)")
        #expect(run.stdout.contains("\n\nguide/tca.md\n"))
    }
}
