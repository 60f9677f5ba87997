/// The parser's position inside one line while container markers and indentation
/// are consumed.
///
/// Columns follow CommonMark's tab rule: a tab advances to the next multiple of 4.
/// Because markers such as "> " or a list item's content indentation can end in the
/// middle of a tab, a tab may be only partly consumed; `partiallyConsumedTab` then
/// says that `offset` still points at that tab although `column` is past its start.
/// This mirrors the bookkeeping of the reference implementation (cmark), which is
/// what makes tab-indented content come out as the spec's examples expect.
struct LineCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    /// Offset of the line ending (or end of file): nothing at or after it is read.
    let end: Int
    private(set) var offset: Int
    private(set) var column = 0
    private(set) var partiallyConsumedTab = false
    /// First offset at or after `offset` that is not a space or tab; cached because
    /// every container asks for it and whitespace runs may be long.
    private(set) var firstNonspace = -1
    private(set) var firstNonspaceColumn = 0

    init(bytes: UnsafeBufferPointer<UInt8>, start: Int, end: Int) {
        self.bytes = bytes
        self.end = end
        self.offset = start
    }

    /// Columns of whitespace between the current position and `firstNonspace`.
    /// Valid after `findFirstNonspace()`.
    var indent: Int { firstNonspaceColumn - column }
    /// Whether only spaces and tabs remain. Valid after `findFirstNonspace()`.
    var isBlank: Bool { firstNonspace >= end }

    /// The byte at `position`, or 0 past the line's content (no line ending is ever
    /// returned, so callers can treat 0 as "end of line").
    @inline(__always)
    func byte(at position: Int) -> UInt8 {
        position < end ? bytes[position] : 0
    }

    mutating func findFirstNonspace() {
        guard firstNonspace <= offset else { return }
        var position = offset
        var nonspaceColumn = column
        var columnsToTabStop = 4 - column % 4
        while position < end {
            let byte = bytes[position]
            if byte == MarkdownASCII.space {
                position += 1
                nonspaceColumn += 1
                columnsToTabStop -= 1
                if columnsToTabStop == 0 { columnsToTabStop = 4 }
            } else if byte == MarkdownASCII.tab {
                position += 1
                nonspaceColumn += columnsToTabStop
                columnsToTabStop = 4
            } else {
                break
            }
        }
        firstNonspace = position
        firstNonspaceColumn = nonspaceColumn
    }

    /// Advances by `count` columns; a tab wider than what is left is only partly consumed.
    mutating func advance(columns count: Int) {
        var remaining = count
        while remaining > 0 && offset < end {
            if bytes[offset] == MarkdownASCII.tab {
                let columnsToTabStop = 4 - column % 4
                partiallyConsumedTab = columnsToTabStop > remaining
                let step = min(remaining, columnsToTabStop)
                column += step
                if !partiallyConsumedTab { offset += 1 }
                remaining -= step
            } else {
                partiallyConsumedTab = false
                offset += 1
                column += 1
                remaining -= 1
            }
        }
    }

    /// Advances by `count` bytes; a tab (even one partly consumed) counts as one byte
    /// and moves the column to the next tab stop.
    mutating func advance(bytes count: Int) {
        var remaining = count
        while remaining > 0 && offset < end {
            column += bytes[offset] == MarkdownASCII.tab ? 4 - column % 4 : 1
            partiallyConsumedTab = false
            offset += 1
            remaining -= 1
        }
    }

    mutating func advanceToFirstNonspace() {
        findFirstNonspace()
        offset = firstNonspace
        column = firstNonspaceColumn
        partiallyConsumedTab = false
    }
}

/// The ASCII bytes block parsing looks at.
enum MarkdownASCII {
    static let tab = UInt8(ascii: "\t")
    static let space = UInt8(ascii: " ")
    static let backtick = UInt8(ascii: "`")
    static let tilde = UInt8(ascii: "~")
    static let greaterThan = UInt8(ascii: ">")
    static let lessThan = UInt8(ascii: "<")
    static let hash = UInt8(ascii: "#")
    static let backslash = UInt8(ascii: "\\")

    @inline(__always)
    static func isSpaceOrTab(_ byte: UInt8) -> Bool { byte == space || byte == tab }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }

    /// ASCII punctuation as CommonMark defines it (the characters a backslash can escape).
    static func isPunctuation(_ byte: UInt8) -> Bool {
        (byte >= 0x21 && byte <= 0x2F) || (byte >= 0x3A && byte <= 0x40)
            || (byte >= 0x5B && byte <= 0x60) || (byte >= 0x7B && byte <= 0x7E)
    }

    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
    }
}
