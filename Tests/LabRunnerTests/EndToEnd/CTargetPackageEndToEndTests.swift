import Foundation
import Testing
@testable import LabRunner

/// Packages as SwiftPM builds them (issue 33): `run --package DIR DIR/Sources` on a package whose
/// library depends on C targets (Fixtures/c-package: its own module map; Fixtures/path-package:
/// an umbrella header, whose module map SwiftPM generates) checks their doc comments with the
/// `-Xcc` flags SwiftPM gives a client target, the C objects linked when a sample runs; a file
/// under a folder the manifest maps to another target (`path: "Sources/System"`) has that
/// target's module; a module's samples import what its target depends on. Each package is built
/// once, at a stable path in the tests' shared cache; a warm run starts neither `swift` nor swiftc.
@Suite struct CTargetPackageEndToEndTests {
    @Test func aCTargetsModuleMapIsFoundAndItsObjectsAreLinked() async throws {
        let folder = try LabRunnerCLI.stableCopy(of: "c-package", name: "c-target", as: "pkg")
        let arguments = ["run", "-v", "--package", "pkg", "pkg/Sources"]

        let cold = try await LabRunnerCLI.run(arguments, in: folder)
        #expect(cold.status == 1, "\(cold.stdout)\(cold.stderr)")
        // Line 11 calls the C function itself: the target's dependency is imported for it.
        #expect(cold.stdout.contains("""
            pkg/Sources/Tally/Tally.swift
              PASS  line 5: ran, output as expected
              PASS  line 11: ran, output as expected
            pkg/Sources/Tally/Tally.swift:16:26: error: cannot convert value of type 'Int32' to specified type 'Int'
            """), "\(cold.stdout)")
        #expect(cold.stdout.contains("FAIL  line 16: did not compile (1 error)"))
        #expect(cold.stdout.hasSuffix("\n2 passed, 1 failed, 0 skipped\n"), "\(cold.stdout)")

        let warm = try await LabRunnerCLI.run(arguments, in: folder)
        #expect(warm.status == 1)
        #expect(warm.stdout.contains("package: Tally from the cache"), "\(warm.stdout)")
        #expect(!warm.stderr.contains("building package"))
        #expect(!warm.stdout.contains("swiftc ran"), "\(warm.stdout)")
        #expect(warm.stdout.hasSuffix("\n2 passed, 1 failed, 0 skipped\n"), "\(warm.stdout)")

        let list = try await LabRunnerCLI.run(["list", "--package", "pkg", "pkg/Sources/Tally/Tally.swift"], in: folder)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("""
              line 11: program, runs (// Prints comment at line 12), output checked [fresh]
                modules: Tally (its file's module), CTally (its module's dependency)
            """), "\(list.stdout)")
    }

    @Test func aPathTargetHasItsOwnModuleAndItsDependencies() async throws {
        let folder = try LabRunnerCLI.stableCopy(of: "path-package", name: "path-target", as: "pkg")
        let arguments = ["run", "-v", "--package", "pkg", "pkg/Sources"]

        let cold = try await LabRunnerCLI.run(arguments, in: folder)
        #expect(cold.status == 0, "\(cold.stdout)\(cold.stderr)")
        // `Sources/System/` is `SystemPackage`'s (it was skipped as "needs module System"), and its
        // second sample uses `Logger`, which the module it depends on declares.
        #expect(cold.stdout.contains("""
            pkg/Sources/System/FileDescriptor.swift
              PASS  line 6: ran, output as expected
              PASS  line 16: ran, output as expected
            """), "\(cold.stdout)")
        #expect(cold.stdout.contains("""
            pkg/Sources/SysLog/Logger.swift
              PASS  line 3: ran, output as expected
            """), "\(cold.stdout)")
        #expect(cold.stdout.hasSuffix("\n3 passed, 0 failed, 0 skipped\n"), "\(cold.stdout)")

        let warm = try await LabRunnerCLI.run(arguments, in: folder)
        #expect(warm.status == 0)
        #expect(warm.stdout.contains("package: SystemPackage from the cache"), "\(warm.stdout)")
        #expect(!warm.stderr.contains("building package"))
        #expect(!warm.stdout.contains("swiftc ran"), "\(warm.stdout)")

        let listed = try await LabRunnerCLI.run(["list", "--package", "pkg", "pkg/Sources/System/FileDescriptor.swift"], in: folder)
        #expect(listed.stdout.contains("""
              line 16: program, runs (// Prints comment at line 17), output checked [fresh]
                modules: SystemPackage (its file's module), CSys (its module's dependency), SysLog (its module's dependency)
            """), "\(listed.stdout)")
        // Without `--package`, the manifest read as text says the same module (its dependencies
        // are SwiftPM's to say).
        let unpackaged = try await LabRunnerCLI.run(["list", "pkg/Sources/System/FileDescriptor.swift"], in: folder)
        #expect(unpackaged.stdout.contains("modules: SystemPackage (its file's module)\n"), "\(unpackaged.stdout)")
    }
}
