import Testing
@testable import LabRunner

/// With `--package`, a program that imports nothing of the package gets its library modules, as
/// rustdoc gives a doctest its crate; one that imports a library chose what it needs.
struct ImpliedPackageLibrariesTests {
    private func plan(_ text: String, libraries: [String]) throws -> GuidePlan {
        try GuidePlan(LabParser.parse(bytes: Array(text.utf8), path: "Pkg/README.md"), appleAvailable: false,
                      package: "Pkg", packageLibraries: libraries)
    }

    @Test func aProgramImportingNothingOfThePackageGetsItsLibraries() throws {
        let plan = try plan("""
            ```swift
            print(greet("Nadia"))
            ```
            """, libraries: ["DocGreeting", "DocFarewell"])
        #expect(plan.samples[0].needs == [SampleModules.Need(module: "DocGreeting", line: nil, fromPackage: true),
                                          SampleModules.Need(module: "DocFarewell", line: nil, fromPackage: true)])
        #expect(GuideListing(plan).text().contains(
            "    modules: DocGreeting (the package's library, imported for it), DocFarewell (the package's library, imported for it)"))
    }

    @Test func aProgramImportingALibraryOrInheritingOneGetsNoOther() throws {
        let plan = try plan("""
            ```swift
            import DocFarewell
            print(farewell("Nadia"))
            ```

            ```swift
            print(farewell("Ann"))
            ```

            ```swift
            let package = Package(name: "App")
            ```
            """, libraries: ["DocGreeting", "DocFarewell"])
        #expect(plan.samples[0].needs.map(\.module) == ["DocFarewell"])
        #expect(plan.samples[1].needs.isEmpty)
        #expect(plan.samples[1].inheritedImports.map(\.module) == ["DocFarewell"])
        // A manifest is SwiftPM's, not a client of the package.
        #expect(plan.samples[2].role == .manifest)
        #expect(!plan.samples[2].needs.contains { $0.fromPackage })
    }

    @Test func withoutAPackageNothingIsImplied() throws {
        let plan = try plan("""
            ```swift
            print(greet("Nadia"))
            ```
            """, libraries: [])
        #expect(plan.samples[0].needs.isEmpty)
    }
}
