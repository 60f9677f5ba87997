/// A block of a Markdown document as CommonMark 0.31 and GitHub's tables structure it: the
/// containers (block quotes, lists and their items) with their children, and the leaves with
/// their text. The notebook renders these; a fenced block is the very `FencedBlock` the Lab
/// stage reads, so a page finds a cell's results by its block.
struct MarkdownBlock: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case blockQuote
        case list(MarkdownList)
        case listItem
        /// The lines from their first non-space, joined by "\n", the last one's trailing
        /// spaces and tabs removed (link reference definitions are still in it).
        case paragraph(String)
        /// ATX (`## Title ##`, closing sequence removed) or setext (a paragraph underlined).
        case heading(level: Int, text: String)
        case thematicBreak
        /// The lines as written after their containers, each followed by "\n".
        case html(String)
        /// The content: 4 columns of indentation removed, trailing blank lines dropped.
        case indentedCode(String)
        case fencedCode(FencedBlock)
        case table(MarkdownTable)
    }

    let kind: Kind
    /// 1-based lines from the block's first to its last (blank lines inside containers count).
    let lines: ClosedRange<Int>
    /// Containers' blocks in order; empty for leaves.
    let children: [MarkdownBlock]
}

/// A list's marker style and spacing.
struct MarkdownList: Sendable, Equatable {
    /// The first item's number for an ordered list; nil for a bullet list.
    let start: Int?
    /// No blank line between its items or between their children: items put their text
    /// without `<p>`.
    let isTight: Bool
}

/// A GitHub table: a header row, a delimiter row's alignments, body rows (each padded or cut
/// to the header's number of cells). Cells are their text, trimmed, `\|` read as `|`.
struct MarkdownTable: Sendable, Equatable {
    let header: [String]
    let alignments: [TableAlignment]
    let rows: [[String]]
}

/// A column's alignment, from the delimiter row's colons.
enum TableAlignment: Sendable, Equatable {
    case none, left, center, right
}
