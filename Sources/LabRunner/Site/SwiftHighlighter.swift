/// Swift code → HTML lines with colour classes, from `SwiftLexer`'s tokens: keywords (`k`),
/// type names (`t`, a capitalised name), strings and regex literals (`s`), numbers (`n`),
/// comments (`c`), `#` directives and macros (`d`). Every character is escaped; each line is
/// complete on its own (a token spanning lines is closed and reopened), so a page can mark one.
enum SwiftHighlighter {
    static func lines(_ code: String) -> [String] {
        let bytes = Array(code.utf8)
        var writer = LineWriter()
        var position = 0
        for token in SwiftLexer(bytes) {
            guard token.range.lowerBound >= position else { continue }
            if token.range.lowerBound > position { writer.append(bytes[position..<token.range.lowerBound], style: nil) }
            writer.append(bytes[token.range], style: style(of: token, in: bytes))
            position = token.range.upperBound
        }
        if position < bytes.count { writer.append(bytes[position...], style: nil) }
        var lines = writer.finish()
        if code.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// Escaped UTF-8 lines, a span closed at each line end and opened again after it (bytes,
    /// not Strings: a lab's code is highlighted token by token).
    private struct LineWriter {
        var lines: [String] = []
        var current: [UInt8] = []

        mutating func append(_ text: ArraySlice<UInt8>, style: String?) {
            var open = false
            for byte in text {
                if byte == UInt8(ascii: "\n") {
                    if open { current += Self.close; open = false }
                    lines.append(String(decoding: current, as: UTF8.self))
                    current.removeAll(keepingCapacity: true)
                    continue
                }
                if let style, !open { current += Array("<span class=\"\(style)\">".utf8); open = true }
                switch byte {
                case UInt8(ascii: "&"): current += Self.amp
                case UInt8(ascii: "<"): current += Self.lt
                case UInt8(ascii: ">"): current += Self.gt
                case UInt8(ascii: "\""): current += Self.quot
                default: current.append(byte)
                }
            }
            if open { current += Self.close }
        }

        mutating func finish() -> [String] {
            lines + [String(decoding: current, as: UTF8.self)]
        }

        static let close = Array("</span>".utf8), amp = Array("&amp;".utf8), lt = Array("&lt;".utf8)
        static let gt = Array("&gt;".utf8), quot = Array("&quot;".utf8)
    }

    static func style(of token: Token, in bytes: [UInt8]) -> String? {
        switch token.kind {
        case .keyword: return "k"
        case .identifier:
            let first = bytes[token.range.lowerBound] == UInt8(ascii: "`") ? token.range.lowerBound + 1 : token.range.lowerBound
            return first < bytes.count && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[first]) ? "t" : nil
        case .stringSegment, .interpolationStart, .interpolationEnd, .regex: return "s"
        case .number: return "n"
        case .lineComment, .docLineComment, .blockComment, .docBlockComment: return "c"
        case .directive, .poundKeyword: return "d"
        default: return nil
        }
    }
}
