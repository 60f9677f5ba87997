import Foundation
import Testing
@testable import LabRunner

/// `run --package` on packages with dependencies. Fixtures/dependent-package depends on
/// `../package` by path: its README and doc comments use both modules (a doc comment without an
/// import has the product its module depends on), one sample of each fails and the others
/// pass, the fixtures stay unwritten, and a warm run starts neither `swift build` nor
/// swiftc (one package build in all, in the tests' shared cache: a warm `swift test` builds nothing;
/// the cold build is `PackageEndToEndTests`'s to check). A package whose dependency cannot be fetched is exit 2
/// with the dependency named at its line; a mirror in the package's own SwiftPM configuration
/// is read (no network: the missing dependency is a `file://` URL, the mirror a local repository).
@Suite struct DependentPackageEndToEndTests {
    @Test func aLocalPathDependencyIsBuiltAndItsModuleUsedByTheSamples() async throws {
        let arguments = ["run", "-v", "--package", "dependent-package",
                         "dependent-package/README.md", "dependent-package/Sources"]
        let cold = try await LabRunnerCLI.run(arguments)
        #expect(cold.status == 1, "\(cold.stdout)\(cold.stderr)")
        #expect(cold.stdout.contains("package: Welcome built in ") || cold.stdout.contains("package: Welcome from the cache"),
                "\(cold.stdout)")
        #expect(cold.stdout.contains("""
            dependent-package/README.md
              PASS  line 5: ran, output as expected
            dependent-package/README.md:16:15: error: cannot convert value of type 'Int' to expected argument type 'String'
            """), "\(cold.stdout)")
        #expect(cold.stdout.contains("  PASS  line 21: parsed only, excerpt: uses farewell, which nothing declares\n"), "\(cold.stdout)")
        // The doc comment's sample imports the dependency and gets its file's module: it is linked
        // with both packages' object files and prints what its comments say.
        #expect(cold.stdout.contains("""
            dependent-package/Sources/Welcome/Welcome.swift
              PASS  line 5: ran, output as expected
            dependent-package/Sources/Welcome/Welcome.swift:17:29: error: cannot convert value of type 'Int' to specified type 'String'
            """), "\(cold.stdout)")
        // A sample importing nothing has the product its module depends on, as the module's readers do.
        #expect(cold.stdout.contains("  FAIL  line 17: did not compile (1 error)\n  PASS  line 24: ran, output as expected\n"),
                "\(cold.stdout)")
        #expect(cold.stdout.hasSuffix("\nguide samples: 3 ran, output checked; 1 parsed\n4 passed, 2 failed, 0 skipped\n"), "\(cold.stdout)")
        for folder in ["dependent-package", "package"] {
            for written in [".build", "Package.resolved", ".swiftpm"] {
                #expect(!FileManager.default.fileExists(atPath: LabRunnerCLI.fixtures + "/" + folder + "/" + written), "\(folder)/\(written)")
            }
        }

        let warm = try await LabRunnerCLI.run(arguments)
        #expect(warm.status == 1)
        #expect(warm.stdout.contains("package: Welcome from the cache"), "\(warm.stdout)")
        #expect(!warm.stderr.contains("building package"))
        #expect(!warm.stdout.contains("swiftc ran"), "\(warm.stdout)")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/git")))
    func aDependencyThatCannotBeFetchedIsNamedAndAMirrorIsRead() async throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let url = "file:///nonexistent/labrunner-missing-greeting.git"
        try PackageBuildTests.write("""
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Needy",
                products: [.library(name: "Needy", targets: ["Needy"])],
                dependencies: [
                    .package(url: "\(url)", from: "1.0.0"),
                ],
                targets: [.target(name: "Needy", dependencies: [.product(name: "Greeting", package: "labrunner-missing-greeting")])]
            )
            """, "needy/Package.swift", under: root)
        try PackageBuildTests.write("public func needy() {}\n", "needy/Sources/Needy/Needy.swift", under: root)

        let failed = try await LabRunnerCLI.run(["run", "--cache-dir", root + "/cache", "--package", "needy", "needy/Sources"], in: root)
        #expect(failed.status == 2, "\(failed.stdout)\(failed.stderr)")
        let manifest = URL(fileURLWithPath: root + "/needy/Package.swift").standardizedFileURL.path
        #expect(failed.stderr.contains("""
            \(manifest):8:9: error: the dependency 'labrunner-missing-greeting' (/nonexistent/labrunner-missing-greeting.git) \
            cannot be fetched: repository '/nonexistent/labrunner-missing-greeting.git' does not exist
            """), "\(failed.stderr)")
        #expect(!failed.stderr.contains("Fetching"), "SwiftPM's progress is not repeated")

        // The same package with a mirror to a local copy, set as `swift package config set-mirror`
        // does: resolved, and the Package.resolved SwiftPM writes is not left in the package. (SwiftPM
        // 6.3 matches a mirror against the URL without its `file://`; the mirror's last path
        // component must be the original's, its identity.)
        try PackageBuildTests.write("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "labrunner-missing-greeting", products: [.library(name: "Greeting", targets: ["Greeting"])],
                                  targets: [.target(name: "Greeting")])
            """, "labrunner-missing-greeting/Package.swift", under: root)
        try PackageBuildTests.write("public func greet() async {}\n", "labrunner-missing-greeting/Sources/Greeting/Greeting.swift", under: root)
        for command in [["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "1"], ["tag", "1.0.0"]] {
            let git = try await ChildProcess.runOnOwnThread(ProcessRequest(executable: "/usr/bin/git", arguments: ["-C", root + "/labrunner-missing-greeting"] + command,
                                                          environment: ProcessInfo.processInfo.environment, workingDirectory: nil,
                                                          timeout: nil, outputLimit: 1 << 20))
            #expect(git.termination == .exited(0), "git \(command)")
        }
        try PackageBuildTests.write("""
            {"object": [{"mirror": "\(root)/labrunner-missing-greeting", "original": "/nonexistent/labrunner-missing-greeting.git"}], "version": 1}
            """, "needy/.swiftpm/configuration/mirrors.json", under: root)
        let environment = ProcessInfo.processInfo.environment
        let build = PackageBuild(packagePath: root + "/needy", compiler: try SwiftCompiler.locate(environment: environment),
                                 environment: environment)
        let scratch = root + "/scratch"
        let description = try build.describe(scratch: scratch)
        #expect(description.dependencies.map(\.identity) == ["labrunner-missing-greeting"])
        try build.resolve(scratch: scratch, dependencies: description.dependencies)
        #expect(!FileManager.default.fileExists(atPath: root + "/needy/Package.resolved"))
        #expect(!FileManager.default.fileExists(atPath: root + "/needy/.build"))
    }
}
