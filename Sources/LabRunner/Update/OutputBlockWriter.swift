/// Writes output block text the way the surrounding Markdown needs it: container prefix on every
/// line, the document's line ending, and a fence long enough that the content cannot close it.
struct OutputBlockWriter: Sendable {
    /// What each line starts with (block quote markers, list indentation, fence indentation).
    let prefix: String
    let lineEnding: String

    init(prefix: String, lineEnding: String) {
        self.prefix = prefix
        self.lineEnding = lineEnding
    }

    /// Uses the prefix of `block` and the line ending of its opening line.
    init(matching block: FencedBlock, in source: MarkdownSource) {
        let line = source.lines[block.openingLine - 1]
        let ending = String(decoding: source.bytes[line.contentEnd..<line.end], as: UTF8.self)
        self.init(prefix: block.containerPrefix, lineEnding: ending.isEmpty ? "\n" : ending)
    }

    /// Content lines for `text` (each line of `text` ends with "\n").
    func content(_ text: String) -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            // A blank line keeps block quote markers but no trailing spaces.
            out += (line.isEmpty ? Self.trimmingTrailingBlanks(prefix) : prefix + line) + lineEnding
        }
        return out
    }

    /// The edit that makes `block`'s content `text`, fences and everything around them kept.
    func contentEdit(of block: FencedBlock, in source: MarkdownSource, text: String) -> DocumentEdit {
        var replacement = content(text)
        // An unclosed fence on the file's last line, without a line ending: the content would
        // otherwise be glued to the opening line and become its info string.
        let opening = source.lines[block.openingLine - 1]
        if opening.end == opening.contentEnd && !replacement.isEmpty { replacement = lineEnding + replacement }
        return DocumentEdit(range: block.contentRange, replacement: Self.separated(replacement, before: block.contentRange.upperBound, in: source))
    }

    /// `text`'s bytes, to be placed before `offset`: a final lone CR becomes CRLF when an LF
    /// follows, or the two would read as one line ending and the line after would vanish.
    static func separated(_ text: String, before offset: Int, in source: MarkdownSource) -> [UInt8] {
        var bytes = Array(text.utf8)
        if bytes.last == UInt8(ascii: "\r"), offset < source.bytes.count, source.bytes[offset] == UInt8(ascii: "\n") {
            bytes.append(UInt8(ascii: "\n"))
        }
        return bytes
    }

    /// A complete new block: opening fence with `info`, content, closing fence.
    func block(info: String, text: String) -> String {
        let fence = String(repeating: "`", count: Self.fenceLength(for: text, character: "`", minimum: 3))
        return prefix + fence + info + lineEnding + content(text) + prefix + fence + lineEnding
    }

    /// The shortest fence of `character`, at least `minimum` long, that no line of `text` closes.
    static func fenceLength(for text: String, character: Character, minimum: Int) -> Int {
        var length = minimum
        for line in text.split(separator: "\n") {
            let indented = line.prefix { $0 == " " }
            guard indented.count <= 3 else { continue }
            let run = line.dropFirst(indented.count).prefix { $0 == character }.count
            if run >= length { length = run + 1 }
        }
        return length
    }

    private static func trimmingTrailingBlanks(_ text: String) -> String {
        var text = Substring(text)
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        return String(text)
    }
}
