@testable import LabRunner

/// Random labs for `--update` property tests: front matter, prose, headings, Swift cells with
/// plain and named output blocks, other fenced blocks, nested block quotes and list items,
/// backtick and tilde fences of several lengths and indentations, LF or CRLF, sometimes no
/// final line ending. Lines inside containers carry the prefix `OutputBlockWriter` would write,
/// so writing a block back can reproduce it byte for byte.
struct LabDocumentGenerator {
    private var random: SeededGenerator
    private let ending: String
    private var scenarios = LabSettings.defaultScenarios
    private var lines: [String] = []

    /// Text an output block holds: never closes a fence of 3+ characters, no wildcards.
    static let outputLines = ["hello", "line 2", "", "  indented", "``", "~~", "a ``` b", "tab\there", "> quoted", "- item"]

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
        ending = random.chance(0.5) ? "\r\n" : "\n"
    }

    mutating func document() -> [UInt8] {
        if random.chance(0.3) {
            scenarios = ["one", "two"]
            lines += ["---", "scenarios: one, two", "---", ""]
        }
        cellGroup(prefix: "")
        elements(prefix: "", depth: 0)
        var text = lines.joined(separator: ending)
        if random.chance(0.85) { text += ending }
        return Array(text.utf8)
    }

    /// Output lines joined, each ending in "\n", no trailing blank line: what a cell printed.
    mutating func printedText(maxLines: Int, fenceLike: Bool) -> String {
        var printed = (0..<random.int(0...maxLines)).map { _ in random.pick(Self.outputLines) }
        if fenceLike && random.chance(0.3) { printed.insert(random.pick(["```", "~~~~", "`````"]), at: random.int(0...printed.count)) }
        while printed.last == "" { printed.removeLast() }
        return printed.map { $0 + "\n" }.joined()
    }

    private mutating func elements(prefix: String, depth: Int) {
        for _ in 0..<random.int(1...4) {
            blank(prefix)
            switch random.int(0...6) {
            case 0: lines.append(prefix + random.pick(["Some prose.", "More *prose* with `code`.", "Text ~~~ in a line"]))
            case 1: lines.append(prefix + random.pick(["# Heading", "## Step"]))
            case 2, 3: cellGroup(prefix: prefix)
            case 4: fenced(prefix: prefix, info: random.pick(["text", "", "json", "swift skip"]), content: ["{", "", "}"])
            default:
                guard depth < 2 else { continue }
                let (intro, inner) = random.pick([("> ", "> "), ("- ", "  "), ("1. ", "   "), ("* ", "  ")])
                lines.append(prefix + intro + "Step.")
                blank(prefix + inner)
                elements(prefix: prefix + inner, depth: depth + 1)
            }
        }
        blank(prefix)
    }

    /// A Swift cell and the output blocks after it: at most one plain, named ones disjoint.
    private mutating func cellGroup(prefix: String) {
        fenced(prefix: prefix, info: "swift", content: ["print(\"hello\")", "", "let x = 1"])
        var free = scenarios.shuffled(using: &random)
        var infos: [String] = random.chance(0.6) ? ["output"] : []
        while !free.isEmpty && random.chance(0.5) {
            let names = Array(free.prefix(random.int(1...2)))
            free.removeFirst(names.count)
            infos.append((["output"] + names).joined(separator: " "))
        }
        for info in infos.shuffled(using: &random) {
            if random.chance(0.2) { blank(prefix); lines.append(prefix + "Between.") ; blank(prefix) }
            let text = printedText(maxLines: 3, fenceLike: false)
            fenced(prefix: prefix, info: info, content: text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init))
        }
    }

    private mutating func fenced(prefix: String, info: String, content: [String]) {
        let fence = String(repeating: random.pick(["`", "~"]), count: random.int(3...5))
        let inner = prefix + String(repeating: " ", count: random.int(0...2))
        lines.append(inner + fence + info)
        for line in content { lines.append(line.isEmpty ? trimmed(inner) : inner + line) }
        lines.append(inner + fence + (random.chance(0.2) ? String(fence.last!) : ""))
    }

    private mutating func blank(_ prefix: String) { lines.append(trimmed(prefix)) }

    private func trimmed(_ prefix: String) -> String {
        String(prefix.reversed().drop { $0 == " " }.reversed())
    }
}
