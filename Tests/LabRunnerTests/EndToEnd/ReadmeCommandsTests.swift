import Foundation
import Testing
@testable import LabRunner

/// The README as a newcomer reads it: its first screen (before "Get started") fits 60 lines and
/// says what the tool is, shows an example and three paths; every command of its shell blocks
/// runs. `labrunner …` (and `swift run labrunner …`) run here, in order, in a folder holding
/// copies of `Labs/` and `examples/` (lab 1's programs are the browser tests' too, from the
/// shared cache); `swift package check-samples …` is among the runs of `PluginEndToEndTests`
/// (from `.ci/run`); any other command is a line of `.ci/run`. The 20-second example is
/// `examples/hello.md` and the output shown is what running it prints.
@Suite struct ReadmeCommandsTests {
    static let root = DocumentedPathsTests.repository

    static func readme() throws -> String {
        try String(contentsOfFile: root + "/README.md", encoding: .utf8)
    }

    /// The commands of `text`'s `sh` blocks and the `$ ` lines of its `console` blocks, as
    /// CommonMark reads the blocks, without trailing `# comments`.
    static func commands(in text: String) -> [String] {
        var commands: [String] = []
        for block in MarkdownParser.fencedBlocks(in: MarkdownSource(text: text)) where ["sh", "console"].contains(block.info) {
            for line in block.code.split(separator: "\n") {
                var command = Substring(line)
                if block.info == "console" {
                    guard command.hasPrefix("$ ") else { continue }
                    command = command.dropFirst(2)
                }
                if let comment = command.range(of: " #") { command = command[..<comment.lowerBound] }
                commands.append(command.trimmingCharacters(in: .whitespaces))
            }
        }
        return commands
    }

    @Test func theFirstScreenIsShortAndHasTheThreePaths() throws {
        let readme = try Self.readme()
        let start = try #require(readme.range(of: "\n## Get started\n"))
        let screen = readme[..<start.lowerBound]
        #expect(screen.split(separator: "\n", omittingEmptySubsequences: false).count <= 60)
        for part in ["## In 20 seconds", "## Three paths", "**Students**", "**Instructors**", "**Maintainers**"] {
            #expect(screen.contains(part), "\(part)")
        }
    }

    @Test func everyCommandIsRun() async throws {
        let commands = Self.commands(in: try Self.readme())
        #expect(commands.count >= 10, "\(commands)")
        let folder = try LabRunnerCLI.stableFolder(name: "readme-commands")
        for source in ["Labs", "examples"] {
            try FileManager.default.copyItem(atPath: Self.root + "/" + source, toPath: folder + "/" + source)
        }
        let ci = try String(contentsOfFile: Self.root + "/.ci/run", encoding: .utf8).split(separator: "\n").map(String.init)
        var ran: Set<[String]> = []
        for command in commands {
            var words = command.split(separator: " ").map(String.init)
            if words.starts(with: ["swift", "run", "labrunner"]) { words.removeFirst(2) }
            if words.first == "labrunner" {
                let arguments = Array(words.dropFirst())
                // `swift run labrunner run Labs/lab01.md` is the students' first command again.
                guard ran.insert(arguments).inserted else { continue }
                let result = try await LabRunnerCLI.run(arguments, in: folder)
                #expect(result.status == 0, "`\(command)`: \(result.stdout)\(result.stderr)")
            } else if words.starts(with: ["swift", "package", "check-samples"]) {
                #expect(PluginEndToEndTests.runs.contains(Array(words.dropFirst(3))), "`\(command)` is not run by PluginEndToEndTests")
            } else {
                #expect(ci.contains(command), "`\(command)` is not run by .ci/run")
            }
        }
        // What the commands wrote, where the README says.
        for written in ["site/lab01.html", "lab01.swift", "handout/lab01.md", "grades/grades.csv"] {
            #expect(FileManager.default.fileExists(atPath: folder + "/" + written), "\(written)")
        }
        // Lab 1's outputs are what it prints: --update had nothing to write.
        #expect(FileManager.default.contentsEqual(atPath: folder + "/Labs/lab01.md", andPath: Self.root + "/Labs/lab01.md"))
    }

    @Test func theTwentySecondExampleIsHelloAndWhatItPrints() async throws {
        let readme = try Self.readme()
        let blocks = MarkdownParser.fencedBlocks(in: MarkdownSource(text: readme))
        let lab = try #require(blocks.first { $0.info == "markdown" }).code
        let hello = try String(contentsOfFile: Self.root + "/examples/hello.md", encoding: .utf8)
        #expect(hello.contains(lab), "the README's lab is examples/hello.md's")
        let console = try #require(blocks.first { $0.info == "console" }).code
        let shown = console.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        let result = try await LabRunnerCLI.run(["run", "examples/hello.md"], in: Self.root)
        #expect(result.status == 0)
        let durations = /[0-9]+\.[0-9][0-9]s/
        #expect(result.stdout.replacing(durations, with: "0.03s") == shown, "\(result.stdout)")
    }

    @Test func commandsAreReadFromShellAndConsoleBlocks() {
        let text = "```sh\nlabrunner run a.md   # why\nswift test\n```\n```console\n$ labrunner list b.md\nb.md\n```\n```text\nlabrunner c\n```\n"
        #expect(Self.commands(in: text) == ["labrunner run a.md", "swift test", "labrunner list b.md"])
    }
}
