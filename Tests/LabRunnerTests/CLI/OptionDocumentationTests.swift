import Foundation
import Testing
@testable import LabRunnerCLI

/// The options each command accepts, its help text and the docs agree: every accepted option is
/// in the command's help and in README.md or docs/, and no help text names an option its
/// command does not accept.
struct OptionDocumentationTests {
    struct Command: Sendable, CustomTestStringConvertible {
        let name: String
        let spec: ArgumentSpec
        var testDescription: String { name }

        /// Every spelling the command accepts; `--help`/`-h` are taken before the spec.
        var accepted: Set<String> { Set(spec.flags + spec.options + spec.aliases.keys + ["--help", "-h"]) }
        var help: String { HelpText.forCommand(name) ?? "" }
    }

    static let commands = [
        Command(name: "run", spec: RunOptions.spec),
        Command(name: "html", spec: HTMLCommand.spec),
        Command(name: "extract", spec: ExtractCommand.spec),
        Command(name: "list", spec: ListCommand.spec),
        Command(name: "student", spec: StudentCommand.spec),
        Command(name: "grade", spec: GradeCommand.spec),
        Command(name: "watch", spec: WatchOptions.spec),
    ]

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// README.md and every Markdown file in docs/.
    static func documentation() throws -> String {
        let docs = root.appendingPathComponent("docs")
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        let files = [root.appendingPathComponent("README.md")] + names.map { docs.appendingPathComponent($0) }
        return try files.map { try String(contentsOf: $0, encoding: .utf8) }.joined(separator: "\n")
    }

    /// Option words in `text`: `--name` and `-x`, not inside other words (`K-th`, `Ctrl-C`).
    static func optionWords(in text: String) -> Set<String> {
        let pattern = try! NSRegularExpression(pattern: #"(?<![\w-])(--[a-z][a-z0-9-]*|-[a-zA-Z])(?![\w-])"#)
        let whole = NSRange(text.startIndex..., in: text)
        return Set(pattern.matches(in: text, range: whole).compactMap { Range($0.range(at: 1), in: text).map { String(text[$0]) } })
    }

    @Test(arguments: commands)
    func everyAcceptedOptionIsInTheHelp(_ command: Command) {
        let inHelp = Self.optionWords(in: command.help)
        #expect(command.accepted.subtracting(inHelp).sorted() == [], "missing from `labrunner help \(command.name)`")
    }

    @Test(arguments: commands)
    func theHelpNamesOnlyAcceptedOptions(_ command: Command) {
        #expect(Self.optionWords(in: command.help).subtracting(command.accepted).sorted() == [],
                "`labrunner help \(command.name)` names options `\(command.name)` does not accept")
    }

    @Test(arguments: commands)
    func everyLongOptionIsDocumented(_ command: Command) throws {
        let documented = Self.optionWords(in: try Self.documentation())
        let long = command.accepted.filter { $0.hasPrefix("--") && $0 != "--help" }
        #expect(long.subtracting(documented).sorted() == [], "not in README.md or docs/")
    }

    @Test func theOverviewNamesEveryCommandAndOnlyGlobalOptions() {
        for name in LabRunnerMain.commands { #expect(HelpText.overview.contains("\n  \(name) ")) }
        #expect(Self.optionWords(in: HelpText.overview) == ["-h", "--help", "--version"])
    }

    @Test func theWordFinderSkipsHyphenatedWords() {
        #expect(Self.optionWords(in: "the K-th of N, Ctrl-C, [-o FILE], --bare=swift, `--no-cache`") == ["-o", "--bare", "--no-cache"])
    }
}
