import Foundation
import Testing
@testable import LabRunner

/// `run --package`: a package of the tests' own (Fixtures/package, one library target with one
/// public function) built once, its README's samples checked against it and a lab linked with it;
/// the second run finds the build in the cache and starts no `swift build`. One test: the package
/// build is the expensive part (10-20 s), kept in a temporary cache removed afterwards.
@Suite struct PackageEndToEndTests {
    @Test func samplesCompileAndRunAgainstThePackageAndAWarmRunDoesNotBuildIt() throws {
        let cache = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let arguments = ["run", "-v", "--cache-dir", cache + "/labrunner", "--package", "package", "package/README.md", "package/Usage.md"]
        // SwiftPM writes lock files into $TMPDIR and caches into $XDG_CACHE_HOME unless told otherwise.
        let outside = ["TMPDIR": cache + "/tmp", "XDG_CACHE_HOME": cache + "/xdg"]
        try FileManager.default.createDirectory(atPath: cache + "/tmp", withIntermediateDirectories: true)
        let cold = try LabRunnerCLI.run(arguments, environment: outside)
        #expect(cold.status == 0, "\(cold.stdout)\(cold.stderr)")
        #expect(cold.stdout.contains("swift: "), "--verbose names the swift that builds the package")
        #expect(cold.stdout.contains("package: Fixture built in \(cache)/labrunner/packages/"))
        #expect(cold.stderr.contains("labrunner: building package "))
        #expect(cold.stdout.contains("PASS  2 samples: 2 passed"))
        #expect(cold.stdout.contains("PASS  mock"))  // the lab's program was linked with the package
        #expect(cold.stdout.hasSuffix("\n5 passed, 0 failed, 0 skipped\n"))
        #expect(!FileManager.default.fileExists(atPath: LabRunnerCLI.fixtures + "/package/.build"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache + "/tmp") == [], "nothing left in $TMPDIR")
        #expect(!FileManager.default.fileExists(atPath: cache + "/xdg"), "nothing written into the user's cache folder")

        let warm = try LabRunnerCLI.run(arguments)
        #expect(warm.status == 0, "\(warm.stdout)\(warm.stderr)")
        #expect(warm.stdout.contains("package: Fixture from the cache"))
        #expect(!warm.stderr.contains("building package"))

        // A `.labrunner` naming the package does what `--package` does (its build is warm now).
        let tree = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: tree) }
        try FileManager.default.createDirectory(atPath: tree + "/.git", withIntermediateDirectories: true)
        try Data("package: \(LabRunnerCLI.fixtures)/package\n".utf8).write(to: URL(fileURLWithPath: tree + "/.labrunner"))
        try FileManager.default.copyItem(atPath: LabRunnerCLI.fixtures + "/package/README.md", toPath: tree + "/README.md")
        let configured = try LabRunnerCLI.run(["run", "-v", "--cache-dir", cache + "/labrunner", "README.md"], in: tree)
        #expect(configured.status == 0, "\(configured.stdout)\(configured.stderr)")
        #expect(configured.stdout.contains("package: Fixture from the cache"))
        #expect(configured.stdout.contains("PASS  2 samples: 2 passed"))

        // The README's `// Prints` comments are checked against what the package prints, and
        // `--update` writes them back byte for byte (the package build is warm: no rebuild).
        let original = try Data(contentsOf: URL(fileURLWithPath: tree + "/README.md"))
        let stale = String(decoding: original, as: UTF8.self).replacingOccurrences(of: #"// Prints "Hello, world!""#, with: #"// Prints "Hi, world!""#)
        try Data(stale.utf8).write(to: URL(fileURLWithPath: tree + "/README.md"))
        let differs = try LabRunnerCLI.run(["run", "--cache-dir", cache + "/labrunner", "README.md"], in: tree)
        #expect(differs.status == 1)
        #expect(differs.stdout.contains("README.md:11: output differs from the // Prints comments (- expected, + actual)"), "\(differs.stdout)")
        let update = try LabRunnerCLI.run(["run", "--update", "--cache-dir", cache + "/labrunner", "README.md"], in: tree)
        #expect(update.status == 0, "\(update.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: tree + "/README.md")) == original)

        // Without the package, the same README cannot find its module.
        let without = try LabRunnerCLI.run(["run", "--cache-dir", cache + "/labrunner", "package/README.md"])
        #expect(without.stdout.contains("needs module Fixture"), "\(without.stdout)")
    }
}
