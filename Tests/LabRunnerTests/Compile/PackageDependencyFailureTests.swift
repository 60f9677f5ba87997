import Testing
@testable import LabRunner

/// Which dependency SwiftPM could not fetch, read from its output, and where the manifest
/// declares it.
struct PackageDependencyFailureTests {
    @Test func manifestCallsAreFoundWithTheirLineAndColumn() {
        let manifest = """
            let package = Package(name: "A", dependencies: [
                .package(url: "https://example.com/a/b.git", from: "1.0.0"),
              .package(name: "x", path: "../x"),
                .package(
                    url: "https://example.com/c.git", branch: "main"),
                .package(url: computedURL, from: "1.0.0"),
            ])
            """
        #expect(PackageManifestDependencies.calls(text: manifest) == [
            .init(line: 2, column: 5, url: "https://example.com/a/b.git", path: nil),
            .init(line: 3, column: 3, url: nil, path: "../x"),
            .init(line: 4, column: 5, url: "https://example.com/c.git", path: nil),
        ])
    }

    @Test(arguments: [
        // SwiftPM 6.3's output for a repository that cannot be cloned, and for a missing local package.
        ("""
         Fetching https://example.invalid/b.git
         error: Failed to clone repository https://example.invalid/b.git:
             Cloning into bare repository '/s/repositories/b-1'...
             fatal: unable to access 'https://example.invalid/b.git/': Could not resolve host: example.invalid
         """, "b", "unable to access 'https://example.invalid/b.git/': Could not resolve host: example.invalid"),
        ("error: the package at '/p/x' cannot be accessed (/p/x doesn't exist in file system)",
         "x", "the package at '/p/x' cannot be accessed (/p/x doesn't exist in file system)"),
        // A dependency of a dependency: no direct one is named, the output is shown instead.
        ("error: Failed to clone repository https://example.invalid/other.git:", nil, nil),
    ] as [(String, String?, String?)])
    func theFailingDirectDependencyIsNamedWithSwiftPMsReason(output: String, identity: String?, reason: String?) {
        let dependencies = [PackageDescriptionJSON.Dependency(identity: "b", location: "https://example.invalid/b.git"),
                            PackageDescriptionJSON.Dependency(identity: "x", location: "/p/x")]
        let failure = PackageDependencyFailure.find(output: output, dependencies: dependencies, packagePath: "/nonexistent/p")
        #expect(failure?.identity == identity)
        #expect(failure?.reason == reason)
        #expect(failure?.located == nil, "no manifest to find the line in")
        if let failure { #expect(failure.message.hasPrefix("the dependency '\(identity!)' (")) }
    }
}
