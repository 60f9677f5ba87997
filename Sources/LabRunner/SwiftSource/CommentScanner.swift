/// Comments: `//` and `///` to the end of the line, `/* */` and `/** */` nested as Swift nests
/// them. An unclosed block comment runs to the end of the input, marked unterminated.
extension SwiftLexer {
    mutating func scanLineComment(at start: Int) -> Token {
        // Through the base address: a pointer's subscript is inlined even in a debug build, and
        // comments are long (the lexer's longest per-byte loop over documentation samples).
        let end = bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var end = start + 2
            guard let base = buffer.baseAddress else { return end }
            while end < count, !SwiftASCII.isNewline(base[end]) { end += 1 }
            return end
        }
        let doc = byte(start + 2) == SwiftASCII.slash && byte(start + 3) != SwiftASCII.slash
        return token(doc ? .docLineComment : .lineComment, start, end)
    }

    /// `/* … */` with nesting, as Swift allows.
    mutating func scanBlockComment(at start: Int) -> Token {
        // `/**/` is empty and `/***` a banner, not documentation.
        let doc = byte(start + 2) == SwiftASCII.star
            && byte(start + 3) != SwiftASCII.slash && byte(start + 3) != SwiftASCII.star
        var depth = 1
        var end = start + 2
        while end < bytes.count {
            if bytes[end] == SwiftASCII.slash, byte(end + 1) == SwiftASCII.star {
                depth += 1
                end += 2
            } else if bytes[end] == SwiftASCII.star, byte(end + 1) == SwiftASCII.slash {
                depth -= 1
                end += 2
                if depth == 0 { return token(doc ? .docBlockComment : .blockComment, start, end) }
            } else {
                end += 1
            }
        }
        return token(doc ? .docBlockComment : .blockComment, start, end, unterminated: true)
    }
}
