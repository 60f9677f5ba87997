import Foundation
import Testing
import LabRunner
@testable import LabRunnerCLI

/// The options each command of `CommandTable` accepts, its help text and the docs agree: every
/// accepted option is in the command's help and in README.md or docs/, no help text names an
/// option its command does not accept, and docs/commands.md's command table has a row per command.
struct OptionDocumentationTests {
    /// Every spelling `entry`'s parser accepts; `--help`/`-h` are taken before it.
    static func accepted(_ entry: CommandEntry) -> Set<String> {
        let spec = ArgumentSpec(entry.options)
        return Set(spec.flags + spec.options + spec.aliases.keys + ["--help", "-h"])
    }

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

    @Test(arguments: CommandTable.names)
    func everyAcceptedOptionIsInTheHelp(_ name: String) throws {
        let entry = try #require(CommandTable.entry(named: name))
        let inHelp = Self.optionWords(in: entry.helpText)
        #expect(Self.accepted(entry).subtracting(inHelp).sorted() == [], "missing from `labrunner help \(entry.name)`")
    }

    @Test(arguments: CommandTable.names)
    func theHelpNamesOnlyAcceptedOptions(_ name: String) throws {
        let entry = try #require(CommandTable.entry(named: name))
        #expect(Self.optionWords(in: entry.helpText).subtracting(Self.accepted(entry)).sorted() == [],
                "`labrunner help \(entry.name)` names options `\(entry.name)` does not accept")
    }

    @Test(arguments: CommandTable.names)
    func everyLongOptionIsDocumented(_ name: String) throws {
        let entry = try #require(CommandTable.entry(named: name))
        let documented = Self.optionWords(in: try Self.documentation())
        let long = Self.accepted(entry).filter { $0.hasPrefix("--") && $0 != "--help" }
        #expect(long.subtracting(documented).sorted() == [], "not in README.md or docs/")
    }

    @Test(arguments: CommandTable.names)
    func theCommandTableHasARow(_ name: String) throws {
        let entry = try #require(CommandTable.entry(named: name))
        let commands = try String(contentsOf: Self.root.appendingPathComponent("docs/commands.md"), encoding: .utf8)
        #expect(commands.contains("\n| `labrunner \(entry.name) "), "no row for `\(entry.name)` in docs/commands.md's command table")
    }

    @Test func theOverviewNamesEveryCommandInTheTablesOrderAndOnlyGlobalOptions() {
        let rows = HelpText.overview.split(separator: "\n").filter { line in
            CommandTable.names.contains { line.hasPrefix("  \($0) ") }
        }
        #expect(rows.map { String($0.dropFirst(2).prefix { $0 != " " }) } == CommandTable.names)
        #expect(Self.optionWords(in: HelpText.overview) == ["-h", "--help", "--version"])
    }

    @Test func theWordFinderSkipsHyphenatedWords() {
        #expect(Self.optionWords(in: "the K-th of N, Ctrl-C, [-o FILE], --bare=swift, `--no-cache`") == ["-o", "--bare", "--no-cache"])
    }
}
