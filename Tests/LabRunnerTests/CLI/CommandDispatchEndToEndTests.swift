import Testing
@testable import LabRunnerCLI

/// `labrunner` dispatches through `CommandTable`: each command's help is the same whichever way
/// it is asked for, `help` has help of its own, and a mistyped command or topic is answered
/// with the table's nearest name.
@Suite struct CommandDispatchEndToEndTests {
    @Test(arguments: CommandTable.names)
    func helpAndDashDashHelpPrintTheTablesHelp(_ name: String) async throws {
        let entry = try #require(CommandTable.entry(named: name))
        for arguments in [["help", entry.name], [entry.name, "--help"], [entry.name, "-h"]] {
            let result = try await LabRunnerCLI.run(arguments)
            #expect(result.status == 0, "\(arguments)")
            #expect(result.stdout == entry.helpText + "\n", "\(arguments)")
            #expect(result.stderr.isEmpty, "\(arguments)")
        }
    }

    @Test func theOverviewIsPrintedWithoutACommandAndWithHelp() async throws {
        let bare = try await LabRunnerCLI.run([])
        #expect(bare.status == 2 && bare.stdout == HelpText.overview + "\n")
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = try await LabRunnerCLI.run(arguments)
            #expect(result.status == 0 && result.stdout == HelpText.overview + "\n", "\(arguments)")
        }
    }

    @Test func aMistypedHelpTopicSuggestsACommandOfTheTable() async throws {
        let result = try await LabRunnerCLI.run(["help", "cach"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("labrunner: error: unknown command 'cach'; did you mean 'cache'?\n"), "\(result.stderr)")
    }

    @Test func helpTakesOneTopic() async throws {
        let result = try await LabRunnerCLI.run(["help", "run", "watch"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("labrunner: error: unexpected argument: watch\n"), "\(result.stderr)")
    }

    @Test func anOptionACommandDoesNotDeclareIsSuggestedFromItsDeclarations() async throws {
        let result = try await LabRunnerCLI.run(["grade", "--kye", "key.md", "alice.md"])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("labrunner: error: unknown option '--kye'; did you mean '--key'?\n"), "\(result.stderr)")
    }
}
