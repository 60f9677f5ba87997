import Testing
@testable import LabRunner

/// `--update` on a guide: its `// Prints` comments rewritten in place, byte for byte.
struct PrintsUpdaterTests {
    /// The guide with its first sample's run printing `printed`, after the update, and the notes.
    static func updated(_ text: String, printed: String) throws -> (String, [String]) {
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "guide.md", kind: .guide)
        let plan = try GuidePlan(lab, appleAvailable: false)
        let sample = plan.samples[0]
        let lines = sample.prints.map { plan.markdownLine(sample: 0, codeLine: $0.line) }
        let verdict: SampleVerdict = PrintsMismatch.compare(sample.prints, lines: lines, output: printed).map { .failed(.prints($0)) } ?? .passed(ran: true)
        let outcome = GuideOutcome(plan: plan, samples: [SampleOutcome(line: sample.line, index: 0, verdict: verdict)], toolFailure: nil)
        let (edits, summary) = PrintsUpdater.plan(outcome)
        return (String(decoding: DocumentEdit.apply(edits, to: lab.source.bytes), as: UTF8.self), summary.notes)
    }

    static let examples: [(name: String, before: String, printed: String, after: String)] = [
        ("quoted stays quoted, unquoted stays unquoted, only the values change",
         "```swift\nprint(3)   // Prints 2  \nprint(\"a\")\n// Prints \"b\"\n```\n", "3\na\n",
         "```swift\nprint(3)   // Prints 3  \nprint(\"a\")\n// Prints \"a\"\n```\n"),
        ("an unquoted comment whose new line is not one value becomes quoted",
         "```swift\nprint(x) // Prints 1\n```\n", "two words\n",
         "```swift\nprint(x) // Prints \"two words\"\n```\n"),
        ("a line that quotes itself stays inside the comment's outer quotes",
         "```swift\nprint(names) // Prints \"[]\"\n```\n", "[\"Anna\"]\n",
         "```swift\nprint(names) // Prints \"[\"Anna\"]\"\n```\n"),
        ("a block quote, a list item and CRLF line endings keep their bytes",
         "> ```swift\r\n> print(1) // Prints 2\r\n> ```\r\n\r\n- item\r\n", "1\n",
         "> ```swift\r\n> print(1) // Prints 1\r\n> ```\r\n\r\n- item\r\n"),
        ("an indented fence inside a list item",
         "1. Step\n\n   ```swift\n   if true {\n       print(\"x\") // Prints \"y\"\n   }\n   ```\n", "x\n",
         "1. Step\n\n   ```swift\n   if true {\n       print(\"x\") // Prints \"x\"\n   }\n   ```\n"),
    ]

    @Test(arguments: examples)
    func rewritesInPlace(_ example: (name: String, before: String, printed: String, after: String)) throws {
        let (after, notes) = try Self.updated(example.before, printed: example.printed)
        #expect(after == example.after, "\(example.name)")
        #expect(notes.isEmpty)
    }

    @Test func aDifferentNumberOfLinesIsLeftToTheAuthor() throws {
        let before = "```swift\nprint(1) // Prints 1\nprint(2)\n```\n"
        let (after, notes) = try Self.updated(before, printed: "1\n2\n")
        #expect(after == before)
        #expect(notes == ["not updated: the sample at line 1 printed 2 lines but has 1 // Prints comment (one per line); add or remove comments by hand"])
    }

    @Test func aControlCharacterIsNotWrittenIntoTheMarkdown() throws {
        let before = "```swift\nprint(1) // Prints 1\n```\n"
        let (after, notes) = try Self.updated(before, printed: "a\rb\n")
        #expect(after == before)
        #expect(notes.count == 1)
    }
}
