import Foundation
import Testing
@testable import LabRunner

/// `run --package`: a package of the tests' own (Fixtures/package, one library target with one
/// public function) built once, its README's samples checked against it and a lab linked with it;
/// the second run finds the build in the cache and starts no `swift build`. One test: the package
/// build is the expensive part. It is built on every `swift test` (that is the point): a copy at a
/// stable path with a comment of this run's own in its source, built into the tests' shared cache
/// (where the copy's build of the previous run is replaced), whose clang modules are warm for the
/// samples' compiles.
@Suite struct PackageEndToEndTests {
    @Test func samplesCompileAndRunAgainstThePackageAndAWarmRunDoesNotBuildIt() async throws {
        let root = try LabRunnerCLI.stableCopy(of: "package", name: "package-built-each-run", as: "package")
        let source = root + "/package/Sources/Fixture/Greeting.swift"
        try Data((try String(contentsOfFile: source, encoding: .utf8) + "// \(UUID().uuidString)\n").utf8)
            .write(to: URL(fileURLWithPath: source))
        let cache = LabRunnerCLI.sharedCache + "/labrunner"
        let outsideFolder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: outsideFolder) }
        let arguments = ["run", "-v", "--cache-dir", cache, "--package", "package", "package/README.md", "package/Usage.md"]
        // SwiftPM writes lock files into $TMPDIR and caches into $XDG_CACHE_HOME unless told otherwise.
        let outside = ["TMPDIR": outsideFolder + "/tmp", "XDG_CACHE_HOME": outsideFolder + "/xdg"]
        try FileManager.default.createDirectory(atPath: outsideFolder + "/tmp", withIntermediateDirectories: true)
        let cold = try await LabRunnerCLI.run(arguments, in: root, environment: outside)
        #expect(cold.status == 0, "\(cold.stdout)\(cold.stderr)")
        #expect(cold.stdout.contains("swift: "), "--verbose names the swift that builds the package")
        #expect(cold.stdout.contains("package: Fixture built in \(cache)/packages/"))
        #expect(cold.stderr.contains("labrunner: building package "))
        #expect(cold.stdout.contains("PASS  2 samples: 2 passed"))
        #expect(cold.stdout.contains("PASS  mock"))  // the lab's program was linked with the package
        #expect(cold.stdout.hasSuffix("\n5 passed, 0 failed, 0 skipped\n"))
        #expect(!FileManager.default.fileExists(atPath: root + "/package/.build"))
        #expect(!FileManager.default.fileExists(atPath: LabRunnerCLI.fixtures + "/package/.build"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: outsideFolder + "/tmp") == [], "nothing left in $TMPDIR")
        #expect(!FileManager.default.fileExists(atPath: outsideFolder + "/xdg"), "nothing written into the user's cache folder")
        // The samples link the package's object files and write nothing beside them: given an
        // object file first, swiftc put its `main.autolink` next to it, one file for every
        // program linked at once, so a link could read another's half-written list (undefined
        // symbols of Foundation) and the failure was cached as the sample's verdict.
        let scratch = try #require(cold.stdout.split(separator: "\n").first { $0.hasPrefix("package: Fixture built in ") }?
            .dropFirst("package: Fixture built in ".count))
        let written = (FileManager.default.enumerator(atPath: String(scratch))?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".autolink") }
        #expect(written == [], "written into the package's build: \(written)")

        let warm = try await LabRunnerCLI.run(arguments, in: root)
        #expect(warm.status == 0, "\(warm.stdout)\(warm.stderr)")
        #expect(warm.stdout.contains("package: Fixture from the cache"))
        #expect(!warm.stderr.contains("building package"))

        // A `.labrunner` naming the package does what `--package` does (its build is warm now).
        let tree = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        try FileManager.default.createDirectory(atPath: tree + "/.git", withIntermediateDirectories: true)
        try Data("package: \(root)/package\n".utf8).write(to: URL(fileURLWithPath: tree + "/.labrunner"))
        try FileManager.default.copyItem(atPath: root + "/package/README.md", toPath: tree + "/README.md")
        let configured = try await LabRunnerCLI.run(["run", "-v", "--cache-dir", cache, "README.md"], in: tree)
        #expect(configured.status == 0, "\(configured.stdout)\(configured.stderr)")
        #expect(configured.stdout.contains("package: Fixture from the cache"))
        #expect(configured.stdout.contains("PASS  2 samples: 2 passed"))

        // The README's `// Prints` comments are checked against what the package prints, and
        // `--update` writes them back byte for byte (the package build is warm: no rebuild).
        let original = try Data(contentsOf: URL(fileURLWithPath: tree + "/README.md"))
        let stale = String(decoding: original, as: UTF8.self).replacingOccurrences(of: #"// Prints "Hello, world!""#, with: #"// Prints "Hi, world!""#)
        try Data(stale.utf8).write(to: URL(fileURLWithPath: tree + "/README.md"))
        let differs = try await LabRunnerCLI.run(["run", "--cache-dir", cache, "README.md"], in: tree)
        #expect(differs.status == 1)
        #expect(differs.stdout.contains("README.md:11: output differs from the // Prints comments (- expected, + actual)"), "\(differs.stdout)")
        let update = try await LabRunnerCLI.run(["run", "--update", "--cache-dir", cache, "README.md"], in: tree)
        #expect(update.status == 0, "\(update.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tree + "/README.md")) == original)

        // Without the package, the same README cannot find its module.
        let without = try await LabRunnerCLI.run(["run", "--cache-dir", cache, "package/README.md"], in: root)
        #expect(without.stdout.contains("needs module Fixture"), "\(without.stdout)")
    }
}
