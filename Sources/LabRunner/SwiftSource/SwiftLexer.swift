/// Splits Swift source into `Token`s, one at a time, working on UTF-8 bytes.
///
/// It never fails: text that is not Swift becomes `unknown` tokens or unterminated literals,
/// and every call to `next()` moves forward, so any input ends. Whitespace is skipped; comments
/// are tokens. Use it as a sequence (`for token in SwiftLexer(code)`) to lex a large text without
/// holding every token, or `SwiftLexer.tokens(in:)` for an array.
package struct SwiftLexer: Sequence, IteratorProtocol {
    let bytes: [UInt8]
    var position = 0
    /// Strings and interpolations the lexer is inside, innermost last; empty in plain code.
    var contexts: [LexerContext] = []
    /// Whether a `/` here would start a regex literal: true where an expression can begin.
    var regexAllowed = true
    /// Whether `/…/` can be a regex literal at all: Swift 6, or Swift 5 with the
    /// `BareSlashRegexLiterals` feature. `#/…/#` always is.
    let bareSlashRegex: Bool
    // Line bookkeeping: `line` starts at `lineStart`, newlines before `counted` are counted.
    private var line = 1
    private var lineStart = 0
    private var counted = 0

    package init(_ bytes: [UInt8], bareSlashRegex: Bool = true) {
        self.bytes = bytes
        self.bareSlashRegex = bareSlashRegex
    }

    package init(_ text: String, bareSlashRegex: Bool = true) { self.init(Array(text.utf8), bareSlashRegex: bareSlashRegex) }

    /// A `while let` loop rather than `Array(SwiftLexer(bytes))`, which goes through the generic
    /// sequence copy and a protocol witness per token in a debug build.
    package static func tokens(in bytes: [UInt8]) -> [Token] {
        var lexer = SwiftLexer(bytes)
        var tokens: [Token] = []
        while let token = lexer.next() { tokens.append(token) }
        return tokens
    }
    package static func tokens(in text: String) -> [Token] { tokens(in: Array(text.utf8)) }

    package mutating func next() -> Token? {
        while true {
            if case .string(let delimiter)? = innermost {
                if let token = scanStringBody(delimiter, segmentStart: position) { return token }
                continue
            }
            skipWhitespace()
            if case .string? = innermost { continue }
            guard position < bytes.count else { return nil }
            if let token = scanToken() { return token }
        }
    }

    /// `contexts.last`, without the generic collection getter (witness calls per token in a
    /// debug build): in plain code there is no context at all.
    private var innermost: LexerContext? { contexts.isEmpty ? nil : contexts[contexts.count - 1] }

    /// The byte at `index`, or 0 past the end (0 starts and continues no token).
    @inline(__always) func byte(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    /// Makes the token from `start` to `end` and notes whether a regex may follow it.
    mutating func token(_ kind: TokenKind, _ start: Int, _ end: Int, unterminated: Bool = false) -> Token {
        while counted < start {
            let current = bytes[counted]
            // "\r\n" counts once, at its "\n".
            if current == SwiftASCII.newline
                || (current == SwiftASCII.carriageReturn && byte(counted + 1) != SwiftASCII.newline) {
                line += 1
                lineStart = counted + 1
            }
            counted += 1
        }
        position = Swift.max(position, end)
        switch kind {
        case .identifier, .number, .placeholder, .poundKeyword, .keyword, .punctuation, .operator, .directive,
             .interpolationStart, .interpolationEnd, .lineComment, .docLineComment:
            // These never span a line ending (a backticked name and a placeholder stop at one):
            // the next token's line is counted from its end, not through its bytes again.
            counted = end
        case .stringSegment, .regex, .blockComment, .docBlockComment, .unknown:
            break
        }
        switch kind {
        case .identifier, .number, .stringSegment, .regex, .placeholder, .poundKeyword:
            regexAllowed = false
        case .keyword:
            regexAllowed = !SwiftKeywords.endsExpression(bytes, start..<end)
        case .punctuation:
            let first = bytes[start]
            regexAllowed = first != SwiftASCII.closeParen && first != SwiftASCII.closeBracket
                && first != SwiftASCII.closeBrace
        case .operator, .directive, .interpolationStart, .interpolationEnd, .unknown:
            regexAllowed = true
        case .lineComment, .docLineComment, .blockComment, .docBlockComment:
            break
        }
        return Token(kind: kind, range: start..<end, line: line, column: start - lineStart + 1, isUnterminated: unterminated)
    }

    /// Skips spaces and line endings. A line ending inside an interpolation of a single-line
    /// string ends that string, unterminated, as swiftc reads it.
    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case SwiftASCII.space, SwiftASCII.tab, 0x0B, 0x0C:
                position += 1
            case SwiftASCII.newline, SwiftASCII.carriageReturn:
                while case .interpolation(_, singleLineString: true)? = innermost {
                    contexts.removeLast(2)
                }
                if case .string? = innermost { return }
                position += 1
            default:
                return
            }
        }
    }

    /// Lexes the token at `position` in code; nil when it only entered a string.
    private mutating func scanToken() -> Token? {
        let start = position
        let first = bytes[start]
        switch first {
        case SwiftASCII.quote:
            return openString(at: start, pounds: 0)
        case SwiftASCII.pound:
            return scanPound(at: start)
        case SwiftASCII.slash where byte(start + 1) == SwiftASCII.slash:
            return scanLineComment(at: start)
        case SwiftASCII.slash where byte(start + 1) == SwiftASCII.star:
            return scanBlockComment(at: start)
        case SwiftASCII.slash where regexAllowed:
            return scanBareRegex(at: start) ?? scanOperator(at: start)
        case SwiftASCII.less where byte(start + 1) == SwiftASCII.pound:
            return scanPlaceholder(at: start) ?? scanOperator(at: start)
        case SwiftASCII.openParen:
            if case .interpolation(let depth, let single)? = innermost {
                contexts[contexts.count - 1] = .interpolation(depth: depth + 1, singleLineString: single)
            }
            return token(.punctuation, start, start + 1)
        case SwiftASCII.closeParen:
            if case .interpolation(let depth, let single)? = innermost {
                if depth == 0 {
                    contexts.removeLast()
                    return token(.interpolationEnd, start, start + 1)
                }
                contexts[contexts.count - 1] = .interpolation(depth: depth - 1, singleLineString: single)
            }
            return token(.punctuation, start, start + 1)
        case SwiftASCII.openBracket, SwiftASCII.closeBracket, SwiftASCII.openBrace, SwiftASCII.closeBrace, SwiftASCII.comma,
             SwiftASCII.semicolon, SwiftASCII.colon, SwiftASCII.at, SwiftASCII.backslash:
            return token(.punctuation, start, start + 1)
        case SwiftASCII.backtick:
            return scanBacktickedIdentifier(at: start)
        case SwiftASCII.dollar:
            return token(.identifier, start, end(ofIdentifierFrom: start + 1))
        case SwiftASCII.zero...SwiftASCII.nine:
            return scanNumber(at: start)
        default:
            if SwiftASCII.isIdentifierStart(first) { return scanIdentifier(at: start) }
            if SwiftASCII.isOperator(first) || first == SwiftASCII.dot { return scanOperator(at: start) }
            return token(.unknown, start, start + 1)
        }
    }

    /// Through the buffer's base address: in a debug build a pointer's subscript is inlined, an
    /// array's is a call, for every name's bytes.
    private func end(ofIdentifierFrom start: Int) -> Int {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return start }
            let count = buffer.count
            var end = start
            while end < count, SwiftASCII.isIdentifierContinue(base[end]) { end += 1 }
            return end
        }
    }

    private mutating func scanIdentifier(at start: Int) -> Token {
        let nameEnd = end(ofIdentifierFrom: start + 1)
        let length = nameEnd - start
        if length >= 2, length <= SwiftKeywords.longest, bytes[start] < 0x80, SwiftKeywords.isReserved(bytes, start..<nameEnd) {
            return token(.keyword, start, nameEnd)
        }
        return token(.identifier, start, nameEnd)
    }

    /// `` `name` `` on one line (Swift 6 allows spaces inside); a lone backtick is `unknown`.
    private mutating func scanBacktickedIdentifier(at start: Int) -> Token {
        var end = start + 1
        while end < bytes.count, !SwiftASCII.isNewline(bytes[end]) {
            if bytes[end] == SwiftASCII.backtick {
                return token(end == start + 1 ? .unknown : .identifier, start, end == start + 1 ? start + 1 : end + 1)
            }
            end += 1
        }
        return token(.unknown, start, start + 1)
    }

    /// `#if`, `#available`, `#"raw string"#`, `#/regex/#`; `#` before anything else is `unknown`.
    private mutating func scanPound(at start: Int) -> Token? {
        var afterPounds = start
        while byte(afterPounds) == SwiftASCII.pound { afterPounds += 1 }
        let pounds = afterPounds - start
        switch byte(afterPounds) {
        case SwiftASCII.quote:
            return openString(at: start, pounds: pounds)
        case SwiftASCII.slash:
            return scanExtendedRegex(at: start, pounds: pounds)
        case let following where pounds == 1 && SwiftASCII.isIdentifierStart(following):
            let nameEnd = end(ofIdentifierFrom: afterPounds + 1)
            let name = String(decoding: bytes[afterPounds..<nameEnd], as: UTF8.self)
            return token(SwiftKeywords.directives.contains(name) ? .directive : .poundKeyword, start, nameEnd)
        default:
            return token(.unknown, start, afterPounds)
        }
    }

    /// `<#name#>` on one line; nil when it does not close (then `<` is an operator).
    private mutating func scanPlaceholder(at start: Int) -> Token? {
        var end = start + 2
        while end + 1 < bytes.count, !SwiftASCII.isNewline(bytes[end]) {
            if bytes[end] == SwiftASCII.pound, bytes[end + 1] == SwiftASCII.greater {
                return token(.placeholder, start, end + 2)
            }
            end += 1
        }
        return nil
    }

    /// Digits, letters, `_`, a fraction's `.digit` and an exponent's sign: `0x1.8p-3`, `1_000`, `2e10`.
    /// A number right after `.` has no fraction, so `tuple.0.1` is two members.
    private mutating func scanNumber(at start: Int) -> Token {
        let hex = bytes[start] == SwiftASCII.zero && (byte(start + 1) | 0x20) == SwiftASCII.lowerX
        let afterDot = start > 0 && bytes[start - 1] == SwiftASCII.dot
        var end = start + 1
        while end < bytes.count {
            let byte = bytes[end]
            if SwiftASCII.isIdentifierContinue(byte) && byte < 0x80 {
                end += 1
            } else if byte == SwiftASCII.dot, !afterDot,
                      SwiftASCII.isDigit(self.byte(end + 1)) || (hex && SwiftASCII.isHexDigit(self.byte(end + 1))) {
                end += 2
            } else if byte == SwiftASCII.plus || byte == SwiftASCII.minus,
                      (bytes[end - 1] | 0x20) == (hex ? SwiftASCII.lowerP : SwiftASCII.lowerE) {
                end += 1
            } else {
                break
            }
        }
        return token(.number, start, end)
    }

    /// A run of operator characters; one starting with `.` may hold more dots (`..<`). A run
    /// stops before `//` and `/*`. `.`, `=` and `->` alone are punctuation.
    mutating func scanOperator(at start: Int) -> Token {
        let dotted = bytes[start] == SwiftASCII.dot
        var end = start + 1
        while end < bytes.count {
            let byte = bytes[end]
            guard SwiftASCII.isOperator(byte) || (dotted && byte == SwiftASCII.dot) else { break }
            let next = self.byte(end + 1)
            if byte == SwiftASCII.slash, next == SwiftASCII.slash || next == SwiftASCII.star { break }
            end += 1
        }
        // In an expression position, `^^/x/` is the prefix operator `^^` before a regex literal.
        if regexAllowed, bytes[start] != SwiftASCII.slash, !dotted, let slash = (start + 1..<end).first(where: { bytes[$0] == SwiftASCII.slash }),
           regexEnd(at: slash) != nil {
            end = slash
        }
        let length = end - start
        let punctuation = length == 1 && (bytes[start] == SwiftASCII.dot || bytes[start] == SwiftASCII.equal)
            || length == 2 && bytes[start] == SwiftASCII.minus && bytes[start + 1] == SwiftASCII.greater
        return token(punctuation ? .punctuation : .operator, start, end)
    }
}
