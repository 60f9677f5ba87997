import Foundation
import Testing
@testable import LabRunner

/// What a run checks, decided before anything is built.
struct DocumentSelectionTests {
    /// A folder of files, removed by the caller.
    private func folder(_ files: [String: String]) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("labrunner-selection-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name)) }
        return path
    }

    private let files = [
        "a.md": "---\nscenarios: online, offline\n---\n```swift\nprint(1)\n```\n```swift standalone\nprint(2)\n```\n",
        "b.md": "```swift\nprint(3)\n```\n",
        "c.md": "# Notes\n",
        "d.md": "---\nscenarios: [\n---\n",
    ]

    @Test(arguments: [
        (["mok"], UnknownScenario(name: "mok", declared: ["online", "offline", "mock", "empty", "failing"])),
        (["online", "ofline"], UnknownScenario(name: "ofline", declared: ["online", "offline", "mock", "empty", "failing"])),
    ])
    func aScenarioNoLabDeclaresIsUnknown(scenarios: [String], error: UnknownScenario) throws {
        let base = try folder(files)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let paths = try DocumentFile.expand([base])
        #expect(throws: error) { try DocumentSelection.select(paths, scenarios: scenarios, shard: nil) }
    }

    @Test func messagesSuggestTheClosestOrListTheDeclared() {
        #expect(UnknownScenario(name: "mok", declared: ["mock", "empty"]).description
                == "unknown scenario 'mok'; did you mean 'mock'?")
        #expect(UnknownScenario(name: "slow", declared: ["mock", "empty"]).description
                == "unknown scenario 'slow'; the labs declare mock, empty")
    }

    @Test func aScenarioAnyLabDeclaresIsKnownAndKeepsEveryFile() throws {
        let base = try folder(files)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let paths = try DocumentFile.expand([base])
        #expect(try DocumentSelection.select(paths, scenarios: ["offline", "mock"], shard: nil) == paths)
    }

    /// a.md weighs 2 (program and standalone cell), b.md 1, c.md and d.md (invalid) 0.
    @Test func shardsAreWeighedFromTheFiles() throws {
        let base = try folder(files)
        defer { try? FileManager.default.removeItem(atPath: base) }
        let paths = try DocumentFile.expand([base])
        let first = try DocumentSelection.select(paths, scenarios: [], shard: Shard("1/2"))
        let second = try DocumentSelection.select(paths, scenarios: [], shard: Shard("2/2"))
        #expect(first == [base + "/a.md"])
        #expect(second == [base + "/b.md", base + "/c.md", base + "/d.md"])
    }

    @Test func withoutScenariosOrShardNothingIsRead() throws {
        let paths = ["/nonexistent/a.md", "/nonexistent/b.md"]
        #expect(try DocumentSelection.select(paths, scenarios: [], shard: nil) == paths)
        // Unreadable files declare nothing, and alone they leave the check to the run's input errors.
        #expect(try DocumentSelection.select(paths, scenarios: ["mok"], shard: nil) == paths)
    }
}
