import Testing
import LabRunner
@testable import LabRunnerCLI

/// `labrunner html`'s words: `-o DIR` its own, every other option read as `run` reads it, in
/// one parse.
struct HTMLCommandTests {
    @Test func outputAndRunOptions() throws {
        let command = try HTMLCommand(arguments: ["-o", "site", "--jobs=2", "--scenario", "mock", "a.md", "--", "-b.md"])
        #expect(command.directory == "site")
        #expect(command.run.paths == ["a.md", "-b.md"])
        #expect(command.run.jobs == 2)
        #expect(command.run.scenarios == ["mock"])
        #expect(!command.run.update)
        #expect(!command.notebooks)
        #expect(try HTMLCommand(arguments: ["a.md", "--ipynb", "-o", "site"]).notebooks)
    }

    @Test(arguments: [
        (["a.md"], UsageError.missingArgument("-o DIR (the folder for the pages)")),
        (["-o", "site", "--update", "a.md"], .unknownOption("--update", suggestion: nil)),
        (["-o", "site"], .missingArgument("lab path (a .md file or a folder of labs)")),
        (["-o", "site", "--jobs", "0", "a.md"], .badValue(option: "--jobs", value: "0", expected: "a whole number of at least 1")),
    ])
    func refused(_ arguments: [String], error: UsageError) {
        #expect(throws: error) { try HTMLCommand(arguments: arguments) }
    }
}
