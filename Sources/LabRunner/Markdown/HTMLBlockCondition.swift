/// The seven kinds of CommonMark HTML block, by start and end condition.
///
/// Fences inside an HTML block are raw HTML, not code blocks, so the parser must
/// know exactly when such a block starts and when it ends.
enum HTMLBlockCondition {
    /// The kind (1...7) of HTML block starting at `position` (a "<" after at most
    /// 3 columns of indentation), or nil. Kind 7 (any complete tag alone on its
    /// line) cannot interrupt a paragraph, so the caller says whether it is allowed.
    static func start(
        _ bytes: UnsafeBufferPointer<UInt8>, at position: Int, end: Int, allowKind7: Bool
    ) -> Int? {
        guard position + 1 < end, bytes[position] == MarkdownASCII.lessThan else { return nil }
        let next = bytes[position + 1]
        if next == UInt8(ascii: "!") {
            if ByteWord.has(commentOpening, in: bytes, at: position, end: end) { return 2 }
            if ByteWord.has(cdataOpening, in: bytes, at: position, end: end) { return 5 }
            if position + 2 < end && MarkdownASCII.isLetter(bytes[position + 2]) { return 4 }
            return nil
        }
        if next == UInt8(ascii: "?") { return 3 }

        let isClosing = next == UInt8(ascii: "/")
        let nameStart = isClosing ? position + 2 : position + 1
        let nameEnd = tagNameEnd(bytes, from: nameStart, end: end)
        guard nameEnd > nameStart else { return nil }
        let name = lowercasedName(bytes, nameStart..<nameEnd)
        let after = nameEnd < end ? bytes[nameEnd] : 0
        let isKind1Name = kind1Names.contains(name)

        if !isClosing && isKind1Name && (after == 0 || MarkdownASCII.isSpaceOrTab(after) || after == MarkdownASCII.greaterThan) {
            return 1
        }
        if kind6Names.contains(name) {
            if after == 0 || MarkdownASCII.isSpaceOrTab(after) || after == MarkdownASCII.greaterThan { return 6 }
            if after == UInt8(ascii: "/") && nameEnd + 1 < end && bytes[nameEnd + 1] == MarkdownASCII.greaterThan {
                return 6
            }
        }
        // The spec excludes the kind-1 names from kind 7 for open tags only (e.g.
        // "<pre/>"); a lone "</pre>" is a kind-7 block, as in cmark and commonmark.js.
        guard allowKind7, isClosing || !isKind1Name else { return nil }
        let tagEnd = isClosing
            ? closingTagEnd(bytes, afterName: nameEnd, end: end)
            : openTagEnd(bytes, afterName: nameEnd, end: end)
        guard var cursor = tagEnd else { return nil }
        while cursor < end && MarkdownASCII.isSpaceOrTab(bytes[cursor]) { cursor += 1 }
        return cursor == end ? 7 : nil
    }

    /// Whether the rest of the line, from `position`, meets the end condition of
    /// `kind` 1...5. Kinds 6 and 7 end at a blank line instead, which the parser
    /// handles as a failed continuation.
    static func endsOnLine(
        kind: Int, _ bytes: UnsafeBufferPointer<UInt8>, from position: Int, end: Int
    ) -> Bool {
        switch kind {
        case 1: return containsKind1ClosingTag(bytes, from: position, end: end)
        case 2: return ByteWord.contains(commentClosing, in: bytes, from: position, end: end)
        case 3: return ByteWord.contains(instructionClosing, in: bytes, from: position, end: end)
        case 4: return ByteWord.contains(declarationClosing, in: bytes, from: position, end: end)
        case 5: return ByteWord.contains(cdataClosing, in: bytes, from: position, end: end)
        default: return false
        }
    }

    private static let kind1Names: Set<String> = ["pre", "script", "style", "textarea"]

    private static let kind6Names: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center",
        "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset",
        "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5",
        "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link", "main", "menu",
        "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    /// Tag name: an ASCII letter, then letters, digits and "-".
    private static func tagNameEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int) -> Int {
        guard start < end, MarkdownASCII.isLetter(bytes[start]) else { return start }
        var cursor = start + 1
        while cursor < end {
            let byte = bytes[cursor]
            guard MarkdownASCII.isLetter(byte) || MarkdownASCII.isDigit(byte) || byte == UInt8(ascii: "-") else { break }
            cursor += 1
        }
        return cursor
    }

    /// Only called for lines starting with "<" and a name, and names longer than any
    /// known tag are cut short, so this small allocation stays off the hot path.
    private static func lowercasedName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        guard range.count <= 10 else { return "" }
        return String(decoding: bytes[range].lazy.map(MarkdownASCII.lowercased), as: UTF8.self)
    }

    /// End of a complete open tag whose name ends at `afterName`: attributes, optional
    /// whitespace, optional "/", then ">". Nil when the tag is not complete on this line.
    private static func openTagEnd(_ bytes: UnsafeBufferPointer<UInt8>, afterName: Int, end: Int) -> Int? {
        var cursor = afterName
        while true {
            let whitespaceStart = cursor
            while cursor < end && MarkdownASCII.isSpaceOrTab(bytes[cursor]) { cursor += 1 }
            guard cursor > whitespaceStart, cursor < end, isAttributeNameStart(bytes[cursor]) else { break }
            cursor += 1
            while cursor < end && isAttributeNameByte(bytes[cursor]) { cursor += 1 }
            // Optional value specification: whitespace, "=", whitespace, value.
            var valueCursor = cursor
            while valueCursor < end && MarkdownASCII.isSpaceOrTab(bytes[valueCursor]) { valueCursor += 1 }
            guard valueCursor < end, bytes[valueCursor] == UInt8(ascii: "=") else { continue }
            valueCursor += 1
            while valueCursor < end && MarkdownASCII.isSpaceOrTab(bytes[valueCursor]) { valueCursor += 1 }
            guard let valueEnd = attributeValueEnd(bytes, at: valueCursor, end: end) else { return nil }
            cursor = valueEnd
        }
        if cursor < end && bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
        guard cursor < end, bytes[cursor] == MarkdownASCII.greaterThan else { return nil }
        return cursor + 1
    }

    /// End of "</name" + optional whitespace + ">".
    private static func closingTagEnd(_ bytes: UnsafeBufferPointer<UInt8>, afterName: Int, end: Int) -> Int? {
        var cursor = afterName
        while cursor < end && MarkdownASCII.isSpaceOrTab(bytes[cursor]) { cursor += 1 }
        guard cursor < end, bytes[cursor] == MarkdownASCII.greaterThan else { return nil }
        return cursor + 1
    }

    private static func attributeValueEnd(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int) -> Int? {
        guard start < end else { return nil }
        let first = bytes[start]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            var cursor = start + 1
            while cursor < end && bytes[cursor] != first { cursor += 1 }
            return cursor < end ? cursor + 1 : nil
        }
        var cursor = start
        while cursor < end {
            switch bytes[cursor] {
            case MarkdownASCII.space, MarkdownASCII.tab, UInt8(ascii: "\""), UInt8(ascii: "'"), UInt8(ascii: "="),
                 MarkdownASCII.lessThan, MarkdownASCII.greaterThan, MarkdownASCII.backtick:
                return cursor > start ? cursor : nil
            default:
                cursor += 1
            }
        }
        return cursor > start ? cursor : nil
    }

    private static func isAttributeNameStart(_ byte: UInt8) -> Bool {
        MarkdownASCII.isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":")
    }

    private static func isAttributeNameByte(_ byte: UInt8) -> Bool {
        isAttributeNameStart(byte) || MarkdownASCII.isDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    /// What opens and closes the kinds of HTML block found by their text (CommonMark's 2 to 5).
    private static let commentOpening = Array("<!--".utf8), commentClosing = Array("-->".utf8)
    private static let cdataOpening = Array("<![CDATA[".utf8), cdataClosing = Array("]]>".utf8)
    private static let instructionClosing = Array("?>".utf8), declarationClosing = Array(">".utf8)

    /// "</script>", "</pre>", "</style>" or "</textarea>", case-insensitively.
    private static func containsKind1ClosingTag(_ bytes: UnsafeBufferPointer<UInt8>, from position: Int, end: Int) -> Bool {
        var cursor = position
        while cursor + 1 < end {
            if bytes[cursor] == MarkdownASCII.lessThan && bytes[cursor + 1] == UInt8(ascii: "/") {
                let nameEnd = tagNameEnd(bytes, from: cursor + 2, end: end)
                if nameEnd < end, bytes[nameEnd] == MarkdownASCII.greaterThan,
                   kind1Names.contains(lowercasedName(bytes, (cursor + 2)..<nameEnd)) {
                    return true
                }
            }
            cursor += 1
        }
        return false
    }
}
