import Foundation
import Testing
@testable import LabRunner

/// What `--package` reads of a package without building it: its library targets from
/// `swift package describe`, and the files its build is keyed on.
struct PackageBuildTests {
    @Test func libraryProductsDecideTheTargetsAndEveryTargetsFolderAndDependenciesAreRead() throws {
        let json = """
        {"products": [{"name": "Lib", "targets": ["Core", "Lib"], "type": {"library": ["automatic"]}},
                      {"name": "tool", "targets": ["tool"], "type": {"executable": null}}],
         "targets": [{"name": "Lib", "c99name": "Lib", "type": "library", "module_type": "SwiftTarget", "path": "Sources/Library",
                      "target_dependencies": ["Core", "my-helpers"], "product_dependencies": ["Logging"]},
                     {"name": "Core", "c99name": "Core", "type": "library", "module_type": "ClangTarget", "path": "Sources/Core"},
                     {"name": "my-helpers", "c99name": "my_helpers", "type": "library", "module_type": "SwiftTarget",
                      "path": "Sources/my-helpers"},
                     {"name": "tool", "type": "executable", "module_type": "SwiftTarget"}]}
        """
        let description = try #require(PackageDescriptionJSON(Array(json.utf8)))
        #expect(description.libraryTargets == ["Core", "Lib"])
        #expect(description.isSwift("Lib") && !description.isSwift("Core"))
        #expect(description.targets == [
            PackageTarget(name: "Lib", module: "Lib", path: "Sources/Library", isSwift: true, isClang: false,
                          targetDependencies: ["Core", "my_helpers"], productDependencies: ["Logging"]),
            PackageTarget(name: "Core", module: "Core", path: "Sources/Core", isSwift: false, isClang: true,
                          targetDependencies: [], productDependencies: []),
            PackageTarget(name: "my-helpers", module: "my_helpers", path: "Sources/my-helpers", isSwift: true, isClang: false,
                          targetDependencies: [], productDependencies: []),
            // No path or c99name (older SwiftPM): SwiftPM's defaults.
            PackageTarget(name: "tool", module: "tool", path: "Sources/tool", isSwift: true, isClang: false,
                          targetDependencies: [], productDependencies: []),
        ])
        #expect(description.bytes == Array(json.utf8))
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

    /// A DocC catalog is a target's documentation, not its code: `swift build` reads nothing of it,
    /// so fixing an article's sample (check-samples' loop) must not build the package again (it
    /// did, its articles being under `Sources/`).
    @Test func aDocCCatalogIsNotInTheKey() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ text: String, _ path: String) throws { try Self.write(text, path, under: root) }
        try write("// swift-tools-version:6.0\n", "Package.swift")
        try write("public func f() {}\n", "Sources/Lib/F.swift")
        try write("# ``Lib``\n", "Sources/Lib/Lib.docc/Lib.md")
        try write("# Using f\n", "Sources/Lib/Lib.docc/Articles/Using.md")
        #expect(PackageSources.files(packagePath: root) == ["Package.swift", "Sources/Lib/F.swift"])
        let key = PackageSources.key(packagePath: root, swift: "/usr/bin/swift")
        try write("# Using f, fixed\n", "Sources/Lib/Lib.docc/Articles/Using.md")
        #expect(PackageSources.key(packagePath: root, swift: "/usr/bin/swift") == key)
    }

    /// A target whose `path:` is outside `Sources/` is built from there: editing it must rebuild,
    /// or its doc comments would be checked against the old build (their module is that target's
    /// since SwiftPM's description decides it).
    @Test func theKeyFollowsTargetsOutsideSources() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        func write(_ text: String, _ path: String) throws { try Self.write(text, path, under: root) }
        try write("""
            // swift-tools-version:6.0
            let package = Package(name: "P", targets: [.target(name: "Core", path: "Library/Core/"), .target(name: "Lib")])
            """, "Package.swift")
        try write("public func f() {}\n", "Sources/Lib/F.swift")
        try write("public func g() {}\n", "Library/Core/G.swift")
        try write("notes\n", "Library/notes.txt")
        #expect(PackageSources.files(packagePath: root) == ["Library/Core/G.swift", "Package.swift", "Sources/Lib/F.swift"])
        let key = PackageSources.key(packagePath: root, swift: "/usr/bin/swift")
        try write("public func g() -> Int { 1 }\n", "Library/Core/G.swift")
        #expect(PackageSources.key(packagePath: root, swift: "/usr/bin/swift") != key)
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
                         "debug/Lib.build/A.d", PackageBuild.completeMarker, PackageBuild.clangFlagsFile] {
                let text = file == PackageBuild.completeMarker ? Self.libDescription : file == PackageBuild.clangFlagsFile ? "[]" : ""
                try Data(text.utf8).write(to: URL(fileURLWithPath: scratch + "/" + file))
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
        try Data(Self.libDescription.utf8).write(to: URL(fileURLWithPath: odd + "/" + PackageBuild.completeMarker))
        #expect(throws: PackageBuildError.layout(odd)) { try build.build(scratch: odd) }
        // A marker that is not SwiftPM's description (an earlier format held the target names).
        let old = root + "/old"
        try FileManager.default.createDirectory(atPath: old + "/debug/Modules", withIntermediateDirectories: true)
        try Data("Lib".utf8).write(to: URL(fileURLWithPath: old + "/" + PackageBuild.completeMarker))
        try Data().write(to: URL(fileURLWithPath: old + "/debug/Modules/Lib.swiftmodule"))
        #expect(throws: PackageBuildError.layout(old)) { try build.build(scratch: old) }
        // Without the C modules' flags the build keeps: not a build of this version.
        try Data(Self.libDescription.utf8).write(to: URL(fileURLWithPath: old + "/" + PackageBuild.completeMarker))
        #expect(throws: PackageBuildError.layout(old)) { try build.build(scratch: old) }
    }

    static let libDescription = """
        {"targets": [{"name": "Lib", "c99name": "Lib", "type": "library", "module_type": "SwiftTarget", "path": "Sources/Lib"}]}
        """

    /// A package with a C target: the module-map flags SwiftPM passed to its client target come
    /// from the build plan SwiftPM wrote (a plan that does not give them is an error, not samples
    /// failing with `missing required module`); a warm build has them from the file the build kept,
    /// links the C objects, and runs no `swift`.
    @Test func aBuildWithACTargetGivesItsModuleMapFlags() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data("// swift-tools-version:6.0\n".utf8).write(to: URL(fileURLWithPath: root + "/Package.swift"))
        let build = PackageBuild(packagePath: root, compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
        let scratch = root + "/scratch"
        let json = """
            {"products": [{"name": "Tally", "targets": ["Tally"], "type": {"library": ["automatic"]}}],
             "targets": [{"name": "Tally", "c99name": "Tally", "type": "library", "module_type": "SwiftTarget", "path": "Sources/Tally",
                          "target_dependencies": ["CTally"]},
                         {"name": "CTally", "c99name": "CTally", "type": "library", "module_type": "ClangTarget", "path": "Sources/CTally"}]}
            """
        let description = try #require(PackageDescriptionJSON(Array(json.utf8)))
        try FileManager.default.createDirectory(atPath: scratch + "/debug", withIntermediateDirectories: true)
        #expect(throws: PackageBuildError.moduleMaps(scratch)) { try build.clangFlags(scratch: scratch, description: description) }
        try Self.write(PackageClangFlagsTests.plan(root: root), "debug/description.json", under: scratch)
        let flags = ["-Xcc", "-fmodule-map-file=\(root)/Sources/CTally/include/module.modulemap",
                     "-Xcc", "-I", "-Xcc", root + "/Sources/CTally/include"]
        #expect(try build.clangFlags(scratch: scratch, description: description) == flags)

        try Self.write(json, PackageBuild.completeMarker, under: scratch)
        try Self.write(String(decoding: try JSONSerialization.data(withJSONObject: flags), as: UTF8.self),
                       PackageBuild.clangFlagsFile, under: scratch)
        // The plan is SwiftPM's to change: a warm build does not read it.
        try FileManager.default.removeItem(atPath: scratch + "/debug/description.json")
        try Self.write("", "debug/Modules/Tally.swiftmodule", under: scratch)
        try Self.write("", "debug/CTally.build/tally.c.o", under: scratch)
        try Self.write("", "debug/Tally.build/Tally.swift.o", under: scratch)
        let modules = try build.build(scratch: scratch)
        #expect(!modules.built)
        #expect(modules.arguments(linking: true) == ["-I", scratch + "/debug/Modules"] + flags
                + [scratch + "/debug/CTally.build/tally.c.o", scratch + "/debug/Tally.build/Tally.swift.o"])
        #expect(modules.fileModules.module(forFile: root + "/Sources/Tally/Tally.swift")?.dependencies == ["CTally"])
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
