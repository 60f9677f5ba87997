/// Recognizers for the single-line block starts that shape the block structure
/// around fenced code: fences, ATX and setext headings, thematic breaks and list
/// markers.
///
/// Each looks at `bytes[position..<end]`, where `position` is the line's first
/// non-space byte after the containers (the caller has already checked that the
/// indentation is below 4 columns) and `end` is the line's content end.
enum BlockStart {
    /// An opening code fence: 3+ backticks or tildes; a backtick fence's info string
    /// may not contain a backtick (that would read as an inline code span).
    static func openingFence(
        _ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int
    ) -> (character: UInt8, length: Int)? {
        guard position < end else { return nil }
        let character = bytes[position]
        guard character == MarkdownASCII.backtick || character == MarkdownASCII.tilde else { return nil }
        var cursor = position
        while cursor < end && bytes[cursor] == character { cursor += 1 }
        let length = cursor - position
        guard length >= 3 else { return nil }
        if character == MarkdownASCII.backtick {
            while cursor < end {
                if bytes[cursor] == MarkdownASCII.backtick { return nil }
                cursor += 1
            }
        }
        return (character, length)
    }

    /// Length of a closing fence run of `character` followed only by spaces and tabs,
    /// or 0. The caller compares it with the opening fence's length.
    static func closingFenceLength(
        _ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int, character: UInt8
    ) -> Int {
        var cursor = position
        while cursor < end && bytes[cursor] == character { cursor += 1 }
        let length = cursor - position
        guard length >= 3 else { return 0 }
        while cursor < end && MarkdownASCII.isSpaceOrTab(bytes[cursor]) { cursor += 1 }
        return cursor == end ? length : 0
    }

    /// "#" to "######" followed by a space, a tab or the end of the line.
    static func isATXHeading(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int) -> Bool {
        var cursor = position
        while cursor < end && bytes[cursor] == MarkdownASCII.hash && cursor - position < 7 { cursor += 1 }
        let level = cursor - position
        return level >= 1 && level <= 6 && (cursor == end || MarkdownASCII.isSpaceOrTab(bytes[cursor]))
    }

    /// The number of "#"s of an ATX heading at `position` (after `isATXHeading`).
    static func atxLevel(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int) -> Int {
        var cursor = position
        while cursor < end && bytes[cursor] == MarkdownASCII.hash { cursor += 1 }
        return cursor - position
    }

    /// A run of "=" or "-" followed only by spaces and tabs. Only meaningful directly
    /// under an open paragraph, which it turns into a heading.
    static func isSetextUnderline(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int) -> Bool {
        guard position < end else { return false }
        let character = bytes[position]
        guard character == UInt8(ascii: "=") || character == UInt8(ascii: "-") else { return false }
        var cursor = position
        while cursor < end && bytes[cursor] == character { cursor += 1 }
        while cursor < end && MarkdownASCII.isSpaceOrTab(bytes[cursor]) { cursor += 1 }
        return cursor == end
    }

    /// Three or more "*", "-" or "_" (the same one), spaces and tabs allowed between.
    /// `stop` is where the scan ended: a scan from any later start on this line
    /// fails no later than there, so the caller can skip it (this keeps lines like
    /// "- - - … x", which nest list items, linear).
    static func thematicBreak(
        _ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int
    ) -> (isBreak: Bool, stop: Int) {
        guard position < end else { return (false, end) }
        let character = bytes[position]
        guard character == UInt8(ascii: "*") || character == UInt8(ascii: "-") || character == UInt8(ascii: "_")
        else { return (false, position) }
        var count = 0
        var cursor = position
        while cursor < end {
            let byte = bytes[cursor]
            if byte == character {
                count += 1
            } else if !MarkdownASCII.isSpaceOrTab(byte) {
                return (false, cursor)
            }
            cursor += 1
        }
        return (count >= 3, end)
    }

    /// A list marker ("-", "+", "*", or 1–9 digits and "." or ")") followed by a space, a tab
    /// or the end of the line, or nil. When the item would interrupt a paragraph it must have
    /// content and an ordered one must start at 1.
    static func listMarker(
        _ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int, interruptsParagraph: Bool
    ) -> ListMarker? {
        guard position < end else { return nil }
        var cursor = position
        let first = bytes[cursor]
        var start: Int?
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") {
            cursor += 1
        } else if MarkdownASCII.isDigit(first) {
            var number = 0
            while cursor < end && MarkdownASCII.isDigit(bytes[cursor]) && cursor - position < 9 {
                number = number * 10 + Int(bytes[cursor] - 0x30)
                cursor += 1
            }
            guard cursor < end, bytes[cursor] == UInt8(ascii: ".") || bytes[cursor] == UInt8(ascii: ")")
            else { return nil }
            if interruptsParagraph && number != 1 { return nil }
            start = number
            cursor += 1
        } else {
            return nil
        }
        guard cursor == end || MarkdownASCII.isSpaceOrTab(bytes[cursor]) else { return nil }
        if interruptsParagraph {
            var rest = cursor
            while rest < end && MarkdownASCII.isSpaceOrTab(bytes[rest]) { rest += 1 }
            if rest == end { return nil }
        }
        return ListMarker(character: bytes[cursor - 1], start: start, width: cursor - position)
    }
}

/// A list item's marker: what decides which list it joins, and its width in bytes.
struct ListMarker: Equatable {
    /// The bullet ("-", "+", "*") or the ordered delimiter ("." or ")").
    let character: UInt8
    /// The number of an ordered item; nil for a bullet.
    let start: Int?
    let width: Int

    /// An item joins the open list when both are bullets of the same character, or both
    /// ordered with the same delimiter (CommonMark).
    func continues(with next: ListMarker) -> Bool {
        character == next.character && (start == nil) == (next.start == nil)
    }
}
