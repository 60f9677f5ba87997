import Foundation
import Testing
@testable import LabRunner

/// `run --package DIR DIR/Sources`: the doc comments of a package's sources checked against it
/// (Fixtures/doc-comments-package), errors at the `.swift` line and column; a warm run starts
/// neither `swift build` nor swiftc. One test: the package build is the expensive part.
@Suite struct DocCommentPackageEndToEndTests {
    @Test func docCommentSamplesAreCheckedAgainstThePackage() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let package = folder + "/pkg"
        try FileManager.default.copyItem(atPath: LabRunnerCLI.fixtures + "/doc-comments-package", toPath: package)
        let arguments = ["run", "-v", "--cache-dir", folder + "/cache", "--package", "pkg", "pkg/Sources"]

        let cold = try LabRunnerCLI.run(arguments, in: folder)
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

        let warm = try LabRunnerCLI.run(arguments, in: folder)
        #expect(warm.status == 1)
        #expect(warm.stdout.contains("package: DocGreeting from the cache"))
        #expect(!warm.stderr.contains("building package"))
        #expect(!warm.stdout.contains("swiftc ran"), "\(warm.stdout)")
        #expect(warm.stdout.components(separatedBy: "cache hit: swiftc not run").count == 3, "\(warm.stdout)")

        let list = try LabRunnerCLI.run(["list", "pkg/Sources/DocGreeting/Greeting.swift"], in: folder)
        #expect(list.stdout.contains("""
            samples:
              line 3: program, runs (// Prints comment at line 5) [fresh]
                modules: DocGreeting (its file's module)
              line 9: program, runs (// Prints comment at line 11)
            """), "\(list.stdout)")
    }
}
