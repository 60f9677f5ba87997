import Foundation
import Testing
@testable import LabRunner

/// lld where the toolchain has it beside swiftc (found through a symlinked swiftc too), and never
/// over a linker the lab's flags choose.
struct LinkerTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        /// Files of the toolchain folder: name → executable.
        let toolchain: [String: Bool]
        let linkThroughSymlink: Bool
        let flags: [String]
        let expected: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "lld beside swiftc", toolchain: ["swiftc": true, "ld.lld": true], linkThroughSymlink: false, flags: [], expected: ["-use-ld=lld"]),
        Case(name: "no lld", toolchain: ["swiftc": true], linkThroughSymlink: false, flags: [], expected: []),
        Case(name: "an lld that is not executable", toolchain: ["swiftc": true, "ld.lld": false], linkThroughSymlink: false, flags: [], expected: []),
        Case(name: "swiftc reached through a symlink", toolchain: ["swiftc": true, "ld.lld": true], linkThroughSymlink: true, flags: [], expected: ["-use-ld=lld"]),
        Case(name: "the lab chooses gold", toolchain: ["swiftc": true, "ld.lld": true], linkThroughSymlink: false,
             flags: ["-use-ld=gold"], expected: []),
    ]

    @Test(arguments: cases)
    func theLinkerFollowsTheToolchain(_ testCase: Case) throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let toolchain = root + "/toolchain/usr/bin"
        try FileManager.default.createDirectory(atPath: toolchain, withIntermediateDirectories: true)
        for (name, executable) in testCase.toolchain {
            _ = FileManager.default.createFile(atPath: toolchain + "/" + name, contents: Data("#!/bin/sh\n".utf8),
                                           attributes: [.posixPermissions: executable ? 0o755 : 0o644])
        }
        var compiler = toolchain + "/swiftc"
        if testCase.linkThroughSymlink {
            try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: root + "/bin/swiftc", withDestinationPath: compiler)
            compiler = root + "/bin/swiftc"
        }
        #if os(Linux)
        #expect(Linker.arguments(compilerPath: compiler, flags: testCase.flags) == testCase.expected)
        #else
        #expect(Linker.arguments(compilerPath: compiler, flags: testCase.flags) == [])
        #endif
    }

    /// A check links nothing, so it names no linker (and its cache key does not change with one).
    @Test func onlyABuildThatLinksNamesTheLinker() throws {
        let compiler = SwiftCompiler(path: "/nonexistent/swiftc")
        let lab = try LabParser.parse(bytes: Array("# t\n\n```swift\nprint(1)\n```\n".utf8), path: "t.md")
        #expect(compiler.stageArguments(for: lab, extraArguments: [], checkOnly: true, syntaxOnly: false) == ["-emit-sil"])
        #expect(compiler.stageArguments(for: lab, extraArguments: [], checkOnly: false, syntaxOnly: false) == [])
    }
}
