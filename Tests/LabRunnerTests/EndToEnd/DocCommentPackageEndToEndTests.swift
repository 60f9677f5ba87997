import Foundation
import Testing
@testable import LabRunner

/// `run --package DIR DIR/Sources`: the doc comments of a package's sources checked against it
/// (Fixtures/doc-comments-package), errors at the `.swift` line and column; a warm run starts
/// neither `swift build` nor swiftc; wrong `// Prints` comments fail at their line and `--update`
/// rewrites them byte for byte, `///` and ` * ` prefixes kept; a DocC-style page's declaration
/// summary is a listing whose import the samples after it have. One test: the package build is the
/// expensive part, done once: the copy of the package is at a stable path and uses the tests'
/// shared cache, so a warm `swift test` does not build it (the cold build is
/// `PackageEndToEndTests`'s to check), and the edited file is checked against that build.
@Suite struct DocCommentPackageEndToEndTests {
    @Test func docCommentSamplesAreCheckedAgainstThePackage() async throws {
        let folder = try LabRunnerCLI.stableCopy(of: "doc-comments-package", name: "doc-comments", as: "pkg")
        let arguments = ["run", "-v", "--package", "pkg", "pkg/Sources"]

        let cold = try await LabRunnerCLI.run(arguments, in: folder)
        #expect(cold.status == 1, "\(cold.stdout)\(cold.stderr)")
        #expect(cold.stdout.contains("""
            pkg/Sources/DocGreeting/Greeting.swift
              PASS  line 3: ran, output as expected
              PASS  line 9: ran, output as expected
              PASS  line 18: ran, output as expected
            """), "\(cold.stdout)")
        // The error's column counts the comment's `///` and indentation: it is the file's own.
        #expect(cold.stdout.contains("pkg/Sources/DocGreeting/Shout.swift:4:34: error: cannot convert value of type 'String' to specified type 'Int'"),
                "\(cold.stdout)")
        #expect(cold.stdout.contains("FAIL  line 4: did not compile (1 error)"))
        #expect(cold.stdout.hasSuffix("\n3 passed, 1 failed, 0 skipped\n"), "\(cold.stdout)")
        #expect(!cold.stdout.contains("Package.swift"), "a manifest is not documentation")
        #expect(!cold.stdout.contains("0 samples"), "a file without samples does not pass")

        let warm = try await LabRunnerCLI.run(arguments, in: folder)
        #expect(warm.status == 1)
        #expect(warm.stdout.contains("package: DocGreeting from the cache"))
        #expect(!warm.stderr.contains("building package"))
        #expect(!warm.stdout.contains("swiftc ran"), "\(warm.stdout)")
        #expect(warm.stdout.components(separatedBy: "cache hit: swiftc not run").count == 3, "\(warm.stdout)")

        // A page laid out as DocC's (Documentation/Greeter.md): the declaration summary is a
        // listing, not a failure to parse; it shadows nothing, and its `import` is the reader's.
        let page = try await LabRunnerCLI.run(["run", "-v", "--package", "pkg", "pkg/Documentation/Greeter.md", "pkg/README.md"], in: folder)
        #expect(page.status == 0, "\(page.stdout)\(page.stderr)")
        #expect(page.stdout.contains("""
              LIST  line 7: listing, declaration summary: Greeter, which DocGreeting provides (line 10)
              PASS  line 15: ran, output as expected
            """), "\(page.stdout)")
        // The README imports nothing: it gets the package's library, as a doctest gets its crate.
        #expect(page.stdout.contains("""
            pkg/README.md
              PASS  line 5: ran, output as expected
            """), "\(page.stdout)")

        let list = try await LabRunnerCLI.run(["list", "pkg/Sources/DocGreeting/Greeting.swift"], in: folder)
        #expect(list.stdout.contains("""
            samples:
              line 3: program, runs (// Prints comment at line 5), output checked [fresh]
                modules: DocGreeting (its file's module)
              line 9: program, runs (// Prints comment at line 11), output checked
            """), "\(list.stdout)")

        // `list --package` asks SwiftPM for the libraries (nothing built) and shows the README's
        // sample getting them; without `--package` it cannot know them.
        let listed = try await LabRunnerCLI.run(["list", "--package", "pkg", "pkg/README.md"], in: folder)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("""
              line 5: program, runs (// Prints comment at line 7), output checked
                modules: DocGreeting (the package's library, imported for it)
            """), "\(listed.stdout)")
        let unlisted = try await LabRunnerCLI.run(["list", "pkg/README.md"], in: folder)
        #expect(!unlisted.stdout.contains("modules:"), "\(unlisted.stdout)")

        // The comments say something else than the code prints, in a `///` and a `/** */` comment:
        // in a copy of the one file, at `pkg/Sources/DocGreeting/` in a folder of its own, checked
        // against the unedited package's build (its path gives it the module DocGreeting, as it
        // would in the package). Only comments differ, so the verdicts are the ones an edited
        // package would give, without building it again (an edited source is a new package key).
        let edited = try LabRunnerCLI.stableFolder(name: "doc-comments-edited")
        let greeting = edited + "/pkg/Sources/DocGreeting/Greeting.swift"
        try FileManager.default.createDirectory(atPath: edited + "/pkg/Sources/DocGreeting", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: folder + "/pkg/Sources/DocGreeting/Greeting.swift", toPath: greeting)
        let original = try Data(contentsOf: URL(fileURLWithPath: greeting))
        let text = String(decoding: original, as: UTF8.self)
        let wrong = text.replacingOccurrences(of: #"///     // Prints "Hello, Anna!""#, with: #"///     // Prints "Hi, Anna!""#)
            .replacingOccurrences(of: #" *     // Prints "Hello, Ann!""#, with: #" *     // Prints "Hey""#)
        #expect(wrong.components(separatedBy: "\n").count == text.components(separatedBy: "\n").count && wrong != text)
        try Data(wrong.utf8).write(to: URL(fileURLWithPath: greeting))
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: greeting)
        let only = ["run", "--package", folder + "/pkg", "pkg/Sources/DocGreeting/Greeting.swift"]
        let failing = try await LabRunnerCLI.run(["run", "-v"] + only.dropFirst(), in: edited)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("package: DocGreeting from the cache"), "\(failing.stdout)")
        #expect(failing.stdout.contains("""
              FAIL  line 3: printed something else
                    pkg/Sources/DocGreeting/Greeting.swift:5: output differs from the // Prints comments (- expected, + actual)
                    @@ -1,1 +1,1 @@
                    -Hi, Anna!
                    +Hello, Anna!
            """), "\(failing.stdout)")
        #expect(failing.stdout.contains("pkg/Sources/DocGreeting/Greeting.swift:20: output differs"), "\(failing.stdout)")

        let updated = try await LabRunnerCLI.run(["run", "--update"] + only.dropFirst(), in: edited)
        #expect(updated.status == 0, "\(updated.stdout)")
        #expect(updated.stdout.contains("updated: 2 // Prints comments rewritten"), "\(updated.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: greeting)) == original)
        let mode = try FileManager.default.attributesOfItem(atPath: greeting)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }
}
