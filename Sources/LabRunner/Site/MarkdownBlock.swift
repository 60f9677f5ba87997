/// A block of a Markdown document as the notebook renders it: the CommonMark blocks and
/// GitHub's tables. Fenced code keeps its opening line, so a page can put a cell's results there.
indirect enum MarkdownBlock: Sendable, Equatable {
    case heading(level: Int, text: String)
    case paragraph(String)
    case fencedCode(info: String, code: String, line: Int)
    case indentedCode(String)
    case html(String)
    case thematicBreak
    case blockQuote([MarkdownBlock])
    /// `start` is nil for a bullet list; `tight` lists put item text without `<p>`.
    case list(start: Int?, tight: Bool, items: [[MarkdownBlock]])
    case table(header: [String], alignments: [TableAlignment], rows: [[String]])
}

/// A column's alignment, from the delimiter row's colons.
enum TableAlignment: Sendable, Equatable {
    case none, left, center, right
}

/// One line of Markdown with its 1-based number in the file, tabs expanded to 4-column stops.
struct MarkdownLine: Sendable, Equatable {
    let number: Int
    let text: Substring

    var isBlank: Bool { text.allSatisfy { $0 == " " } }
    /// Columns of leading spaces.
    var indent: Int { text.prefix { $0 == " " }.count }
    var trimmed: Substring { text.drop { $0 == " " } }

    func dropping(columns: Int) -> MarkdownLine {
        MarkdownLine(number: number, text: text.dropFirst(min(columns, indent)))
    }

    /// Splits `text` into lines, expanding tabs (CommonMark counts them as stops of 4).
    static func lines(of text: String, firstNumber: Int = 1) -> [MarkdownLine] {
        var lines: [MarkdownLine] = []
        var number = firstNumber
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            if line.utf8.contains(UInt8(ascii: "\t")) {
                var expanded = ""
                for character in line {
                    if character == "\t" {
                        expanded += String(repeating: " ", count: 4 - expanded.count % 4)
                    } else {
                        expanded.append(character)
                    }
                }
                line = expanded
            }
            lines.append(MarkdownLine(number: number, text: Substring(line)))
            number += 1
        }
        if lines.last?.text.isEmpty == true { lines.removeLast() }
        return lines
    }
}
