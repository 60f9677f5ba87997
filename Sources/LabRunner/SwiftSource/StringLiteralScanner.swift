/// String literals: `"…"`, `"""…"""`, raw `#"…"#` with any number of `#`, raw multi-line, and
/// interpolations `\(…)` (`\#(…)` in a raw string) that hold any code, strings and closures included.
///
/// The lexer keeps a stack of contexts: entering a string pushes it, `\(` pushes an
/// interpolation, whose code is lexed as usual until the `)` that balances it. A single-line
/// string ends, unterminated, at its line's end, and so does an interpolation inside one.
extension SwiftLexer {
    /// Enters the string whose delimiter starts at `start` (`pounds` `#`s, then `"` or `"""`).
    mutating func openString(at start: Int, pounds: Int) -> Token? {
        let quote = start + pounds
        let multiline = byte(quote + 1) == SwiftASCII.quote && byte(quote + 2) == SwiftASCII.quote
        let delimiter = StringDelimiter(pounds: pounds, multiline: multiline)
        contexts.append(.string(delimiter))
        position = quote + (multiline ? 3 : 1)
        return scanStringBody(delimiter, segmentStart: start)
    }

    /// Scans a string's text from `position`: returns the segment up to an interpolation or the
    /// closing delimiter (included), or the `\(` at `position`. Nil only when there was nothing
    /// to return (an interpolation's `)` directly before the end of the line).
    mutating func scanStringBody(_ delimiter: StringDelimiter, segmentStart: Int) -> Token? {
        var index = position
        while index < bytes.count {
            let byte = bytes[index]
            if byte == SwiftASCII.backslash {
                var after = index + 1
                while after - index - 1 < delimiter.pounds, self.byte(after) == SwiftASCII.pound { after += 1 }
                guard after - index - 1 == delimiter.pounds else {
                    index = after
                    continue
                }
                if self.byte(after) == SwiftASCII.openParen {
                    if index > segmentStart { return segment(segmentStart, index) }
                    contexts.append(.interpolation(depth: 0, singleLineString: !delimiter.multiline))
                    return token(.interpolationStart, index, after + 1)
                }
                // An escape: the next byte is never a delimiter (a line ending still ends a single-line string).
                let escaped = self.byte(after)
                index = after < bytes.count && (delimiter.multiline || !SwiftASCII.isNewline(escaped)) ? after + 1 : after
                continue
            }
            if byte == SwiftASCII.quote, let end = closingEnd(of: delimiter, at: index) {
                contexts.removeLast()
                return segment(segmentStart, end)
            }
            if !delimiter.multiline, SwiftASCII.isNewline(byte) {
                contexts.removeLast()
                return index > segmentStart ? segment(segmentStart, index, unterminated: true) : nil
            }
            index += 1
        }
        contexts.removeLast()
        return index > segmentStart ? segment(segmentStart, index, unterminated: true) : nil
    }

    /// Where the closing delimiter starting at `index` (a `"`) ends, or nil if it is not one.
    private func closingEnd(of delimiter: StringDelimiter, at index: Int) -> Int? {
        var end = index + 1
        if delimiter.multiline {
            guard byte(index + 1) == SwiftASCII.quote, byte(index + 2) == SwiftASCII.quote else { return nil }
            end = index + 3
        }
        for offset in 0..<delimiter.pounds where byte(end + offset) != SwiftASCII.pound { return nil }
        return end + delimiter.pounds
    }

    private mutating func segment(_ start: Int, _ end: Int, unterminated: Bool = false) -> Token {
        position = end
        return token(.stringSegment, start, end, unterminated: unterminated)
    }
}

/// What the lexer is inside of, besides plain code.
enum LexerContext: Equatable {
    /// A string literal's text.
    case string(StringDelimiter)
    /// Code inside `\(…)`: `depth` parentheses are open within it.
    case interpolation(depth: Int, singleLineString: Bool)
}

/// How a string literal opened: `"`, `"""`, `#"`, `##"""`…
struct StringDelimiter: Equatable {
    let pounds: Int
    let multiline: Bool
}
