/// Swift code → HTML lines with colour classes, from `SwiftLexer`'s tokens: keywords (`k`:
/// reserved words, and contextual ones where they are keywords, see `ContextualKeywords`),
/// attributes (`a`: `@MainActor`, `@available`, the `@` and the name as one), type names (`t`, a
/// capitalised name), strings and regex literals (`s`; an interpolation's code is coloured as
/// code), numbers (`n`), comments (`c`), `#` directives and macros (`d`: `#if`, `#Preview`).
/// Every character is escaped; each line is complete on its own (a token spanning lines is
/// closed and reopened), so a page can mark one.
enum SwiftHighlighter {
    static func lines(_ code: String) -> [String] {
        let bytes = Array(code.utf8)
        var writer = LineWriter()
        var position = 0
        for run in runs(bytes) {
            if run.range.lowerBound > position { writer.append(bytes[position..<run.range.lowerBound], style: nil) }
            writer.append(bytes[run.range], style: run.style)
            position = run.range.upperBound
        }
        if position < bytes.count { writer.append(bytes[position...], style: nil) }
        var lines = writer.finish()
        if code.hasSuffix("\n") { lines.removeLast() }
        return lines
    }

    /// Each token's style, touching tokens of one style merged (so `@` and `MainActor` are one span).
    static func runs(_ bytes: [UInt8]) -> [(range: Range<Int>, style: String?)] {
        let tokens = SwiftLexer.tokens(in: bytes)
        let keywords = ContextualKeywords.indices(in: tokens, bytes: bytes)
        var runs: [(range: Range<Int>, style: String?)] = []
        for (index, token) in tokens.enumerated() {
            let own = style(of: index, in: tokens, bytes: bytes)
            let style = own != "a" && keywords.contains(index) ? "k" : own
            if let last = runs.last, last.style == style, last.range.upperBound == token.range.lowerBound {
                runs[runs.count - 1].range = last.range.lowerBound..<token.range.upperBound
            } else {
                runs.append((token.range, style))
            }
        }
        return runs
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

    static func style(of index: Int, in tokens: [Token], bytes: [UInt8]) -> String? {
        let token = tokens[index]
        switch token.kind {
        case .keyword: return "k"
        case .punctuation where isAttribute(at: index, in: tokens, bytes: bytes): return "a"
        case .identifier:
            if index > 0, isAttribute(at: index - 1, in: tokens, bytes: bytes) { return "a" }
            let first = bytes[token.range.lowerBound] == UInt8(ascii: "`") ? token.range.lowerBound + 1 : token.range.lowerBound
            return first < bytes.count && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[first]) ? "t" : nil
        case .stringSegment, .interpolationStart, .interpolationEnd, .regex: return "s"
        case .number: return "n"
        case .lineComment, .docLineComment, .blockComment, .docBlockComment: return "c"
        case .directive, .poundKeyword: return "d"
        default: return nil
        }
    }

    /// An `@` right before a name: an attribute (`@MainActor`, `@unknown default`).
    private static func isAttribute(at index: Int, in tokens: [Token], bytes: [UInt8]) -> Bool {
        guard tokens[index].kind == .punctuation, bytes[tokens[index].range.lowerBound] == UInt8(ascii: "@"),
              index + 1 < tokens.count else { return false }
        let name = tokens[index + 1]
        return (name.kind == .identifier || name.kind == .keyword) && name.range.lowerBound == tokens[index].range.upperBound
    }
}
