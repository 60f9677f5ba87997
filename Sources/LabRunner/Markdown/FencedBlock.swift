/// A fenced code block as CommonMark defines it, with the byte offsets needed to
/// rewrite its content in place.
struct FencedBlock: Sendable, Equatable {
    /// Info string: surrounding spaces and tabs trimmed, backslash escapes of ASCII
    /// punctuation decoded; entity references are left as written.
    let info: String
    /// The content as CommonMark defines it: container prefixes and up to
    /// `fenceIndent` columns of indentation removed, partially consumed tabs expanded
    /// to spaces, every line followed by "\n" whatever the source's line ending.
    /// "" when the block has no content lines.
    let code: String
    /// `UInt8(ascii: "`")` or `UInt8(ascii: "~")`.
    let fenceCharacter: UInt8
    let fenceLength: Int
    /// Columns (0...3) of indentation before the opening fence inside its containers.
    let fenceIndent: Int
    /// 1-based line number of the opening fence.
    let openingLine: Int
    /// 1-based line number of the closing fence; nil when the block runs to the end
    /// of its container or of the document.
    let closingLine: Int?
    /// One entry per content line, in order.
    let contentLines: [ContentLine]
    /// What a new content line must start with to sit in the same containers at the
    /// same indentation as the opening fence: "> " per block quote, spaces for a list
    /// item's content indentation, then `fenceIndent` spaces.
    let containerPrefix: String
    /// The raw bytes of the content lines: from the start of the line after the
    /// opening fence to the start of the closing fence line (unclosed: to the end of
    /// the last content line). Empty, at that start, when there are no content lines.
    let contentRange: Range<Int>
    /// From the start of the opening fence line to after the closing fence line's
    /// line ending (unclosed: `contentRange.upperBound`).
    let blockRange: Range<Int>
    /// Inside a `<!-- labrunner: setup … -->` comment: readers never see it (`HiddenSetup`).
    var isHiddenSetup = false

    /// An indented code block, read only in documentation comments (`DocCommentReader`): no
    /// fences, `openingLine` is its first content line, `closingLine` nil.
    var isIndented: Bool { fenceLength == 0 }
}

/// Where one content line of a `FencedBlock` sits in the source.
struct ContentLine: Sendable, Equatable {
    /// 1-based line number.
    let line: Int
    /// Byte offset where the line's code text starts, after container prefixes and
    /// fence indentation. When a tab is only partly consumed by that indentation, this
    /// is the tab's offset (the code text then starts with the tab's remaining columns
    /// as spaces).
    let textStart: Int
}
