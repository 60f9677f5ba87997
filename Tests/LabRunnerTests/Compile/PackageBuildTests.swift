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

    /// Writes `text` at `path` under `root`, making the folders on the way.
    static func write(_ text: String, _ path: String, under root: String) throws {
        try FileManager.default.createDirectory(atPath: (root + "/" + path as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + path))
    }

    @Test func theKeyFollowsSourcesAndManifestsOnly() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ text: String, _ path: String) throws { try Self.write(text, path, under: root) }
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

    /// A local path dependency is built with the package: editing it must rebuild, or a sample
    /// using it would pass from the cache against the old code (it did: a false green).
    @Test func theKeyFollowsLocalPathDependencies() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ text: String, _ path: String) throws { try Self.write(text, path, under: root) }
        try write("""
            // swift-tools-version:6.0
            let package = Package(name: "App", dependencies: [.package(path: "../greeting"), .package(name: "x", path: "../missing")])
            """, "app/Package.swift")
        try write("public func f() {}\n", "app/Sources/App/F.swift")
        try write("// swift-tools-version:6.0\n", "greeting/Package.swift")
        try write("public func greet() {}\n", "greeting/Sources/Greeting/G.swift")
        #expect(PackageSources.localDependencies(packagePath: root + "/app") == ["../greeting", "../missing"])
        let key = PackageSources.key(packagePath: root + "/app", swift: "/usr/bin/swift")
        try write("public func greet() -> Int { 1 }\n", "greeting/Sources/Greeting/G.swift")
        #expect(PackageSources.key(packagePath: root + "/app", swift: "/usr/bin/swift") != key)
    }

    @Test func aFolderWithoutAManifestIsRefusedBeforeSwiftRuns() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let build = PackageBuild(packagePath: root, compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
        #expect(build.swift == "/nonexistent/swift")
        #expect(throws: PackageBuildError.notAPackage(root)) { try build.build(scratch: root + "/scratch") }
    }

    /// A scratch folder with a complete build is used as it is: no `swift` runs (there is none
    /// here), and the modules are found in either of SwiftPM's layouts.
    @Test func aCompleteBuildIsUsedWithoutSwiftInEitherLayout() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("// swift-tools-version:6.0\n".utf8).write(to: URL(fileURLWithPath: root + "/Package.swift"))
        let build = PackageBuild(packagePath: root, compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
        for modulesFolder in ["debug/Modules", "debug"] {
            let scratch = root + "/scratch-" + modulesFolder.replacingOccurrences(of: "/", with: "-")
            for folder in [modulesFolder, "debug/Lib.build", "debug/Lib-tool.build"] {
                try FileManager.default.createDirectory(atPath: scratch + "/" + folder, withIntermediateDirectories: true)
            }
            for file in [modulesFolder + "/Lib.swiftmodule", "debug/Lib.build/A.swift.o", "debug/Lib.build/B.swift.o",
                         "debug/Lib.build/A.d", PackageBuild.completeMarker] {
                try Data(file == PackageBuild.completeMarker ? "Lib".utf8 : "".utf8).write(to: URL(fileURLWithPath: scratch + "/" + file))
            }
            let modules = try build.build(scratch: scratch)
            #expect(!modules.built)
            #expect(modules.targets == ["Lib"])
            #expect(modules.arguments(linking: false) == ["-I", scratch + "/" + modulesFolder])
            #expect(modules.arguments(linking: true) == ["-I", scratch + "/" + modulesFolder,
                                                         scratch + "/debug/Lib.build/A.swift.o", scratch + "/debug/Lib.build/B.swift.o"])
        }
        // A complete marker without the module it names: SwiftPM's layout is not the one known.
        let odd = root + "/odd"
        try FileManager.default.createDirectory(atPath: odd + "/debug", withIntermediateDirectories: true)
        try Data("Lib".utf8).write(to: URL(fileURLWithPath: odd + "/" + PackageBuild.completeMarker))
        #expect(throws: PackageBuildError.layout(odd)) { try build.build(scratch: odd) }
    }

    /// A build folder another user owns could hold any object file: it is never linked.
    @Test func aBuildFolderOfAnotherUserIsRefused() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("// swift-tools-version:6.0\n".utf8).write(to: URL(fileURLWithPath: root + "/Package.swift"))
        let scratch = root + "/packages/key"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        // Only root can give a folder away; elsewhere there is nothing to check.
        guard chown(scratch, 4242, 4242) == 0 else { return }
        let build = PackageBuild(packagePath: root, compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
        #expect(throws: PackageBuildError.foreign(scratch)) { try build.build(scratch: scratch) }
    }
}
