import Foundation
import Testing
@testable import LabRunner

/// A new user copies commands from the README and the docs: every path such a command names
/// must exist in a clone. README and docs/guides.md used to run `../shared/seeds/…`, which only
/// the machine the docs were written on has.
@Suite struct DocumentedPathsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// Options whose value is not a path to read (outputs, numbers, names).
    static let optionsWithValues: Set = ["--junit", "--json", "-o", "--output", "--cache-dir", "--shard", "--scenario",
                                         "--timeout", "--jobs", "-j", "--repeat", "--bare"]

    /// Lines of shell and text code blocks in `text` (read as CommonMark, as labs are) that run
    /// `labrunner run|list|extract`, from `labrunner` on, without a trailing `# comment`.
    static func commandLines(in text: String) -> [String] {
        var lines: [String] = []
        for block in MarkdownParser.fencedBlocks(in: MarkdownSource(text: text))
        where ["sh", "bash", "console", "text", "shell"].contains(block.info) {
            for line in block.code.split(separator: "\n") {
                guard let range = line.range(of: #"labrunner (run|list|extract)( |$)"#, options: .regularExpression) else { continue }
                lines.append(String(line[range.lowerBound...].prefix { $0 != "#" }))
            }
        }
        return lines
    }

    /// The arguments of a command line that name files or folders of the repository (they hold a `/`).
    static func paths(in command: String) -> [String] {
        let words = command.split(separator: " ").map(String.init).dropFirst(2)
        var paths: [String] = []
        var skipNext = false
        for word in words {
            if skipNext { skipNext = false; continue }
            if optionsWithValues.contains(word) { skipNext = true; continue }
            if word.hasPrefix("-") { continue }
            if word.contains("/") { paths.append(word) }
        }
        return paths
    }

    @Test func everyPathInACommandOfTheReadmeAndTheDocsExists() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.repository + "/docs")
            .filter { $0.hasSuffix(".md") }.map { "docs/" + $0 }
        var checked = 0
        for file in ["README.md", "examples/guides/README.md"] + docs {
            let text = try String(contentsOfFile: Self.repository + "/" + file, encoding: .utf8)
            for command in Self.commandLines(in: text) {
                for path in Self.paths(in: command) {
                    checked += 1
                    // Inside the clone: `../shared/…` exists on the machine the docs were written on.
                    let full = URL(fileURLWithPath: Self.repository + "/" + path).standardizedFileURL.path
                    #expect(full.hasPrefix(Self.repository + "/") && FileManager.default.fileExists(atPath: full),
                            "\(file): `\(command)` names \(path), which a clone does not have")
                }
            }
        }
        #expect(checked >= 10, "the scan found the documented commands")
    }

    /// A new user's first `swift run` builds for over a minute; the README says so where it
    /// tells them to run it, not later.
    @Test func getStartedSaysTheFirstBuildTakesAWhile() throws {
        let readme = try String(contentsOfFile: Self.repository + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "## Get started"))
        let rest = readme[start.upperBound...]
        let section = rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
        #expect(section.contains("swift run labrunner run Labs/lab01.md"))
        #expect(section.contains("The first `swift run` builds the tool") && section.contains("a minute or more"))
    }

    @Test func commandsAreReadFromCodeBlocksWithTheirPaths() {
        let text = "```sh\nlabrunner run --junit out.xml --bare swift examples/x.txt Labs/   # comment\n```\n`labrunner run inline/path.md`\n"
        #expect(Self.commandLines(in: text).map(Self.paths) == [["examples/x.txt", "Labs/"]])
    }
}
