/// Swift code → HTML lines with colour classes, from `SwiftLexer`'s tokens: keywords (`k`),
/// type names (`t`, a capitalised name), strings and regex literals (`s`), numbers (`n`),
/// comments (`c`), `#` directives and macros (`d`). Every character is escaped; each line is
/// complete on its own (a token spanning lines is closed and reopened), so a page can mark one.
enum SwiftHighlighter {
    static func lines(_ code: String) -> [String] {
        let bytes = Array(code.utf8)
        var lines: [String] = [""]
        func append(_ range: Range<Int>, _ style: String?) {
            let text = String(decoding: bytes[range], as: UTF8.self)
            for (offset, part) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if offset > 0 { lines.append("") }
                guard !part.isEmpty else { continue }
                let escaped = HTMLEscaping.text(part)
                lines[lines.count - 1] += style.map { "<span class=\"\($0)\">\(escaped)</span>" } ?? escaped
            }
        }
        var position = 0
        for token in SwiftLexer(bytes) {
            guard token.range.lowerBound >= position else { continue }
            if token.range.lowerBound > position { append(position..<token.range.lowerBound, nil) }
            append(token.range, style(of: token, in: bytes))
            position = token.range.upperBound
        }
        if position < bytes.count { append(position..<bytes.count, nil) }
        if code.hasSuffix("\n") { lines.removeLast() }
        return lines
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
