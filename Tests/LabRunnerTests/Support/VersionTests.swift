import Foundation
import Testing
@testable import LabRunner

/// The version is kept in `Version.current` alone: semantic, printed by `labrunner --version`,
/// the latest entry of CHANGELOG.md, and not written again in the plugin (which asks the tool).
struct VersionTests {
    static let root = URL(fileURLWithPath: DocumentedPathsTests.repository)

    @Test func theVersionIsSemantic() {
        let pattern = #"^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(-[0-9A-Za-z.-]+)?$"#
        #expect(Version.current.range(of: pattern, options: .regularExpression) != nil, "\(Version.current)")
    }

    @Test func theChangelogsLatestEntryIsTheVersion() throws {
        let changelog = try String(contentsOf: Self.root.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let first = changelog.split(separator: "\n").first { $0.hasPrefix("## ") }
        #expect(first.map(String.init) == "## \(Version.current)")
    }

    @Test func labrunnerVersionPrintsIt() async throws {
        let result = try await LabRunnerCLI.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "labrunner \(Version.current)\n")
    }

    @Test func thePluginHasNoVersionOfItsOwn() throws {
        let folder = Self.root.appendingPathComponent("Plugins/CheckSamples")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains(Version.current), "\(file) writes the version again")
        }
    }
}
