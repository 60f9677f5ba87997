import Foundation
import Testing
@testable import LabRunner

/// Where swiftc's clang module cache goes: `CLANG_MODULE_CACHE_PATH` when set (the user's folder,
/// never repaired), else the tool's own; `swift build` for `--package` shares it. Stand-in
/// `swiftc` and `swift` scripts record what they were given: nothing is compiled.
@Suite struct ModuleCacheFolderTests {
    @Test(arguments: [
        ([:], "/cache/modules", true),
        (["CLANG_MODULE_CACHE_PATH": ""], "/cache/modules", true),
        (["CLANG_MODULE_CACHE_PATH": "/shared/clang"], "/shared/clang", false),
        (["CLANG_MODULE_CACHE_PATH": "rel/clang"], FileManager.default.currentDirectoryPath + "/rel/clang", false),
    ] as [([String: String], String, Bool)])
    func theUsersVariableWinsAndIsTheirs(environment: [String: String], path: String, owned: Bool) {
        #expect(ModuleCacheFolder.chosen(environment: environment, owned: "/cache/modules") == ModuleCacheFolder(path: path, isOwned: owned))
    }

    @Test func withoutAFolderOfItsOwnOnlyTheUsersIsChosen() {
        #expect(ModuleCacheFolder.chosen(environment: [:], owned: nil) == nil)
        #expect(ModuleCacheFolder.chosen(environment: ["CLANG_MODULE_CACHE_PATH": "/c"], owned: nil) == ModuleCacheFolder(path: "/c", isOwned: false))
    }

    /// A folder with an executable `name` script; `body` runs after it records `$@` into `record`.
    private func standIn(_ name: String, body: String = "", in folder: String) throws {
        let script = "#!/bin/sh\nprintf '%s\\n' \"CLANG_MODULE_CACHE_PATH=$CLANG_MODULE_CACHE_PATH\" \"$@\" >> '\(folder)/record'\n" + body
        try #require(CacheFiles.writeNew(folder + "/" + name, Array(script.utf8), mode: 0o755))
    }

    /// A damaged module in the user's folder is named with the variable; the folder is left where
    /// it is (the tool's own would have been renamed away and rebuilt).
    @Test func aDamagedModuleInTheUsersFolderIsNamedNotRepaired() throws {
        let fake = try BuildDirectory.makePrivate()
        defer { fake.remove() }
        let users = fake.path + "/users-modules"
        try FileManager.default.createDirectory(atPath: users, withIntermediateDirectories: true)
        let damaged = "<unknown>:0: error: file '\(users)/X/Dispatch-1.pcm' is not a valid module file"
        try standIn("swiftc", body: "echo \"\(damaged)\" >&2\nexit 1\n", in: fake.path)
        let before = ModuleCacheRepair.identity(of: users)
        let directory = try BuildDirectory.makePrivate()
        defer { directory.remove() }
        let lab = try LabParser.parse(bytes: Array("```swift\nprint(1)\n```\n".utf8), path: "lab.md")
        let folder = ModuleCacheFolder.chosen(environment: [ModuleCacheFolder.variable: users], owned: fake.path + "/own")
        do {
            _ = try SwiftCompiler(path: fake.path + "/swiftc").build(lab, program: "print(1)\n", in: directory.path,
                                                                   environment: [:], moduleCache: folder)
            Issue.record("a damaged module cache is not a compile result")
        } catch {
            #expect(error.description.contains("swiftc's module cache \(users) (CLANG_MODULE_CACHE_PATH) is damaged"), "\(error.description)")
        }
        #expect(ModuleCacheRepair.identity(of: users) == before)
        let runs = try String(contentsOfFile: fake.path + "/record", encoding: .utf8).components(separatedBy: "-module-cache-path\n").count - 1
        #expect(runs == 1, "swiftc ran once: no repair, no second attempt")
    }

    /// `swift build` gets the module cache the samples use, overriding SwiftPM's per-build one,
    /// and so does the manifest's compile; the user's variable wins over the tool's folder.
    @Test(arguments: [nil, "/users/clang"] as [String?])
    func swiftBuildSharesTheSamplesModuleCache(users: String?) throws {
        let root = try BuildDirectory.makePrivate()
        defer { root.remove() }
        try Data("// swift-tools-version:6.0\n".utf8).write(to: URL(fileURLWithPath: root.path + "/Package.swift"))
        let scratch = root.path + "/scratch"
        let description = #"{"targets": [{"name": "Lib", "type": "library", "module_type": "SwiftTarget"}]}"#
        try standIn("swift", body: """
            case "$1" in
              package) echo '\(description)' ;;
              build) mkdir -p '\(scratch)/debug/Modules' && : > '\(scratch)/debug/Modules/Lib.swiftmodule' ;;
            esac
            """, in: root.path)
        let environment = users.map { [ModuleCacheFolder.variable: $0] } ?? [:]
        let build = PackageBuild(packagePath: root.path, compiler: SwiftCompiler(path: root.path + "/swiftc"),
                                 environment: environment, moduleCache: "/cache/modules")
        let modules = try build.build(scratch: scratch)
        #expect(modules.built && modules.targets == ["Lib"])
        let expected = users ?? "/cache/modules"
        let lines = try String(contentsOfFile: root.path + "/record", encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.hasPrefix("CLANG_MODULE_CACHE_PATH=") } == ["CLANG_MODULE_CACHE_PATH=" + expected,
                                                                            "CLANG_MODULE_CACHE_PATH=" + expected])
        let buildLine = try #require(lines.firstIndex(of: "build"))
        #expect(Array(lines[buildLine...].suffix(4)) == ["-Xswiftc", "-module-cache-path", "-Xswiftc", expected])
    }
}
