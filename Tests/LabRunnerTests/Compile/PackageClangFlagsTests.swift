import Foundation
import Testing
@testable import LabRunner

/// What a sample gets of a package SwiftPM built: the `-Xcc` flags SwiftPM passed to the package's
/// Swift library targets (its build plan, `debug/description.json`), and the module a source file
/// belongs to with the modules its target depends on (`swift package describe`).
struct PackageClangFlagsTests {
    /// The part of SwiftPM 6.3's `description.json` read, for a Swift target `Tally` over a C
    /// target with its own module map, and a test target over both; trimmed from a real build.
    static func plan(root: String) -> String {
        """
        {"swiftCommands": {
          "C.TallyTests-x86_64-unknown-linux-gnu-debug.module": {"moduleName": "TallyTests", "otherArguments": [
            "-Xcc", "-fmodule-map-file=\(root)/Sources/Other/module.modulemap"]},
          "C.Tally-x86_64-unknown-linux-gnu-debug.module": {"moduleName": "Tally", "otherArguments": [
            "-target", "x86_64-unknown-linux-gnu", "-DSWIFT_PACKAGE",
            "-Xcc", "-fmodule-map-file=\(root)/Sources/CTally/include/module.modulemap", "-Xcc", "-I", "-Xcc", "\(root)/Sources/CTally/include",
            "-module-cache-path", "/x/ModuleCache", "-Xcc", "-fPIC", "-Xcc", "-g"]}
        }}
        """
    }

    @Test func theModuleMapAndIncludeFlagsOfTheLibrariesAreKeptOnce() {
        let bytes = Array(Self.plan(root: "/p").utf8)
        let flags = ["-Xcc", "-fmodule-map-file=/p/Sources/CTally/include/module.modulemap", "-Xcc", "-I", "-Xcc", "/p/Sources/CTally/include"]
        #expect(PackageClangFlags.flags(buildPlan: bytes, modules: ["Tally"]) == flags)
        #expect(PackageClangFlags.flags(buildPlan: bytes, modules: ["Tally", "Tally"]) == flags)
        // SwiftPM's generated module map (an umbrella header) is a flag like any other; `-I` glued too.
        let generated = """
            {"swiftCommands": {"a": {"moduleName": "Sys", "otherArguments": [
              "-Xcc", "-fmodule-map-file=/s/debug/CSys.build/module.modulemap", "-Xcc", "-I/p/Sources/CSys/include", "-Xcc", "-DX"]}}}
            """
        #expect(PackageClangFlags.flags(buildPlan: Array(generated.utf8), modules: ["Sys"])
                == ["-Xcc", "-fmodule-map-file=/s/debug/CSys.build/module.modulemap", "-Xcc", "-I/p/Sources/CSys/include"])
        #expect(PackageClangFlags.flags(buildPlan: bytes, modules: ["Other"]) == [])
        #expect(PackageClangFlags.flags(buildPlan: Array("not json".utf8), modules: ["Tally"]) == [])
    }

    @Test(arguments: [
        (["/b/Lib.build/A.swift.o", "/b/C.build/c.c.o"], []),
        (["/b/Lib.build/A.swift.o", "/b/Cxx.build/c.cpp.o"], ["-lstdc++"]),
    ] as [([String], [String])])
    func cPlusPlusObjectsLinkItsRuntime(objects: [String], flags: [String]) {
        #expect(PackageClangFlags.linkFlags(objects: objects) == flags)
    }

    static let modules = PackageFileModules(packagePath: "/p", targets: [
        PackageTarget(name: "SystemPackage", module: "SystemPackage", path: "Sources/System", isSwift: true, isClang: false,
                      targetDependencies: ["CSystem", "SysLog"], productDependencies: ["Logging", "swift-atomics"]),
        PackageTarget(name: "SysLog", module: "SysLog", path: "Sources/SysLog", isSwift: true, isClang: false,
                      targetDependencies: [], productDependencies: []),
        PackageTarget(name: "Nested", module: "Nested", path: "Sources/System/Nested", isSwift: true, isClang: false,
                      targetDependencies: ["SystemPackage"], productDependencies: []),
    ], builtProducts: ["Logging"])

    @Test(arguments: [
        // The manifest's `path:` decides, not the folder's name.
        ("/p/Sources/System/FileDescriptor.swift", "SystemPackage", ["CSystem", "SysLog", "Logging"]),
        ("/p/Sources/System/Internals/Syscalls.swift", "SystemPackage", ["CSystem", "SysLog", "Logging"]),
        ("/p/Sources/SysLog/Logger.swift", "SysLog", []),
        ("/p/Sources/System/Nested/N.swift", "Nested", ["SystemPackage"]),
        ("/p/./Sources/SysLog/../SysLog/Logger.swift", "SysLog", []),
        ("/p/Sources/SysLogExtras/Logger.swift", nil, []),
        ("/p/Sources/System/README.md", nil, []),
        ("/elsewhere/Sources/System/F.swift", nil, []),
    ] as [(String, String?, [String])])
    func aSourceFileHasItsTargetsModuleAndDependencies(file: String, module: String?, dependencies: [String]) {
        let found = Self.modules.module(forFile: file)
        #expect(found?.name == module)
        #expect(found?.dependencies ?? [] == dependencies)
    }

    /// Nothing built (`list --package`): a product dependency counts, by its module name.
    @Test func withoutABuildEveryProductCounts() {
        let unbuilt = PackageFileModules(packagePath: "/p", targets: Self.modules.targets, builtProducts: nil)
        #expect(unbuilt.module(forFile: "/p/Sources/System/F.swift")?.dependencies == ["CSystem", "SysLog", "Logging", "swift_atomics"])
    }
}
