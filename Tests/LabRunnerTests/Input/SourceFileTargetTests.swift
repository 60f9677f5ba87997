import Foundation
import Testing
@testable import LabRunner

/// The module of a `.swift` file outside `Sources/<Target>/`, from the package around it: a
/// target's `path:` in the manifest, or SwiftPM's `Tests/<Target>` and `Plugins/<Target>`. Its
/// doc-comment samples use that module (and are skipped when it cannot be had, as a catalog's
/// are), instead of failing for lack of the file's own declarations (argument-parser's
/// `Tools/generate-manual` did: 51 failures). `list` shows it.
struct SourceFileTargetTests {
    static let manifest = """
        // swift-tools-version:6.0
        import PackageDescription
        let package = Package(
            name: "tools",
            targets: [
                .target(name: "Core"),
                .target(name: "SystemPackage", dependencies: ["Core"], path: "Sources/System"),
                .executableTarget(
                    name: "generate-manual",
                    dependencies: ["Core"],
                    path: "Tools/generate-manual"),
                .executableTarget(name: "roll", path: "Examples/roll"),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
            ]
        )
        """
    static let source = """
        enum Macro {
            /// A bold word:
            ///
            ///     Bold("word")
            struct Bold { init(_ text: String) {} }
        }

        """

    @Test(arguments: [
        ("Tools/generate-manual/MDoc/Macro.swift", "generate_manual"),
        ("Examples/roll/main.swift", "roll"),
        ("Tests/CoreTests/Macro.swift", "CoreTests"),
        ("Sources/Core/Macro.swift", "Core"),
        // The manifest's `path:` decides over the folder's name (swift-system's layout: every
        // sample was skipped as needing a module `System`).
        ("Sources/System/Internals/Macro.swift", "SystemPackage"),
        ("Scripts/Macro.swift", nil),
    ] as [(String, String?)])
    func aFileOfAPackageHasItsTargetsModule(file: String, module: String?) throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try PackageBuildTests.write(Self.manifest, "Package.swift", under: root)
        try PackageBuildTests.write(Self.source, file, under: root)
        let lab = try LabParser.parse(bytes: Array(Self.source.utf8), path: root + "/" + file)
        let text = try GuideListing(lab).text().joined(separator: "\n")
        if let module {
            #expect(text.contains("line 4: program, compiled [fresh]\n    modules: \(module) (its file's module)"), "\(text)")
        } else {
            #expect(!text.contains("modules:"), "\(text)")
        }
    }
}
