import Foundation
import Testing
@testable import LabRunner

/// What `--package` reads of a package without building it: its library targets from
/// `swift package describe`, and the files its build is keyed on.
struct PackageBuildTests {
    @Test func libraryProductsDecideTheTargetsAndCTargetsAreNamed() throws {
        let json = """
        {"products": [{"name": "Lib", "targets": ["Core", "Lib"], "type": {"library": ["automatic"]}},
                      {"name": "tool", "targets": ["tool"], "type": {"executable": null}}],
         "targets": [{"name": "Lib", "type": "library", "module_type": "SwiftTarget"},
                     {"name": "Core", "type": "library", "module_type": "ClangTarget"},
                     {"name": "Helpers", "type": "library", "module_type": "SwiftTarget"},
                     {"name": "tool", "type": "executable", "module_type": "SwiftTarget"}]}
        """
        let description = try #require(PackageDescriptionJSON(Array(json.utf8)))
        #expect(description.libraryTargets == ["Core", "Lib"])
        #expect(description.isSwift("Lib") && !description.isSwift("Core"))
        let noProducts = try #require(PackageDescriptionJSON(Array("""
        {"targets": [{"name": "B", "type": "library", "module_type": "SwiftTarget"},
                     {"name": "A", "type": "library", "module_type": "SwiftTarget"},
                     {"name": "T", "type": "test", "module_type": "SwiftTarget"}]}
        """.utf8)))
        #expect(noProducts.libraryTargets == ["A", "B"])
        #expect(PackageDescriptionJSON(Array("error: no manifest".utf8)) == nil)
    }

    @Test func theKeyFollowsSourcesAndManifestsOnly() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ text: String, _ path: String) throws {
            try FileManager.default.createDirectory(atPath: (root + "/" + path as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
        }
        try write("// swift-tools-version:6.0\n", "Package.swift")
        try write("public func f() {}\n", "Sources/Lib/F.swift")
        try write("# Lib\n", "README.md")
        #expect(PackageSources.files(packagePath: root) == ["Package.swift", "Sources/Lib/F.swift"])
        let key = PackageSources.key(packagePath: root, swift: "/usr/bin/swift")
        try write("# Lib, documented\n", "README.md")
        #expect(PackageSources.key(packagePath: root, swift: "/usr/bin/swift") == key)
        try write("public func f() -> Int { 1 }\n", "Sources/Lib/F.swift")
        let changed = PackageSources.key(packagePath: root, swift: "/usr/bin/swift")
        #expect(changed != key)
        try write("{}\n", "Package.resolved")
        #expect(PackageSources.key(packagePath: root, swift: "/usr/bin/swift") != changed)
    }

    @Test func aFolderWithoutAManifestIsRefusedBeforeSwiftRuns() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let build = PackageBuild(packagePath: root, compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
        #expect(build.swift == "/nonexistent/swift")
        #expect(throws: PackageBuildError.notAPackage(root)) { try build.build(scratch: root + "/scratch") }
    }
}
