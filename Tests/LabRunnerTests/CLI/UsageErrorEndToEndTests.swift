import Foundation
import Testing
@testable import LabRunner

/// Mistakes in how the tool was called, caught before anything is built: exit status 2, one
/// `labrunner: error:` line with what to do instead, and no report.
@Suite struct UsageErrorEndToEndTests {
    /// `SWIFTC` names nothing, so a run that reached the compiler would say so instead.
    private let noCompiler = ["SWIFTC": "/nonexistent/swiftc"]

    @Test func anUnknownScenarioIsRefusedBeforeAnyBuild() async throws {
        let result = try await LabRunnerCLI.run(["run", "--scenario", "mok", "faults/tiny.md"], environment: noCompiler)
        #expect(result.status == 2)
        #expect(result.stderr == "labrunner: error: unknown scenario 'mok'; did you mean 'mock'?\n")
        #expect(result.stdout.isEmpty)
    }

    @Test func aScenarioOneLabOfTheRunDeclaresIsKnown() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data("---\nscenarios: offline\n---\n".utf8).write(to: URL(fileURLWithPath: folder + "/a.md"))
        try Data("# Notes\n".utf8).write(to: URL(fileURLWithPath: folder + "/b.md"))
        let result = try await LabRunnerCLI.run(["run", "--scenario", "offline", "."], in: folder, environment: noCompiler)
        // Past the scenario check: the next thing needed is swiftc.
        #expect(result.stderr.hasPrefix("labrunner: error: SWIFTC=/nonexistent/swiftc: no such file"), "\(result.stderr)")
    }

    @Test(arguments: ["todo.md", "Notes.markdown", "faults"])
    func aLabGivenAsTheCommandSuggestsRun(path: String) async throws {
        let result = try await LabRunnerCLI.run([path])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("labrunner: error: unknown command '\(path)'; to check it, run 'labrunner run \(path)'\n"),
                "\(result.stderr)")
    }

    @Test func aMistypedCommandStillSuggestsTheCommand() async throws {
        let result = try await LabRunnerCLI.run(["rnu", "lab.md"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("labrunner: error: unknown command 'rnu'; did you mean 'run'?\n"))
    }
}
