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
    // Line bookkeeping: `line` starts at `lineStart`, newlines before `counted` are counted.
    private var line = 1
    private var lineStart = 0
    private var counted = 0

    package init(_ bytes: [UInt8]) { self.bytes = bytes }
    package init(_ text: String) { self.init(Array(text.utf8)) }

    package static func tokens(in bytes: [UInt8]) -> [Token] { Array(SwiftLexer(bytes)) }
    package static func tokens(in text: String) -> [Token] { Array(SwiftLexer(text)) }

    package mutating func next() -> Token? {
        while true {
            if case .string(let delimiter)? = contexts.last {
                if let token = scanStringBody(delimiter, segmentStart: position) { return token }
                continue
            }
            skipWhitespace()
            if case .string? = contexts.last { continue }
            guard position < bytes.count else { return nil }
            if let token = scanToken() { return token }
        }
    }

    /// The byte at `index`, or 0 past the end (0 starts and continues no token).
    @inline(__always) func byte(_ index: Int) -> UInt8 {
        index < bytes.count ? bytes[index] : 0
    }

    /// Makes the token from `start` to `end` and notes whether a regex may follow it.
    mutating func token(_ kind: TokenKind, _ start: Int, _ end: Int, unterminated: Bool = false) -> Token {
        while counted < start {
            let current = bytes[counted]
            if current == Ascii.newline || (current == Ascii.carriageReturn && byte(counted + 1) != Ascii.newline) {
                line += 1
                lineStart = counted + 1
            }
            counted += 1
        }
        position = Swift.max(position, end)
        switch kind {
        case .identifier, .number, .stringSegment, .regex, .placeholder, .poundKeyword:
            regexAllowed = false
        case .keyword:
            regexAllowed = !SwiftKeywords.endingExpression.contains(String(decoding: bytes[start..<end], as: UTF8.self))
        case .punctuation:
            let first = bytes[start]
            regexAllowed = first != Ascii.closeParen && first != Ascii.closeBracket && first != Ascii.closeBrace
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
            case Ascii.space, Ascii.tab, 0x0B, 0x0C:
                position += 1
            case Ascii.newline, Ascii.carriageReturn:
                while case .interpolation(_, singleLineString: true)? = contexts.last {
                    contexts.removeLast(2)
                }
                if case .string? = contexts.last { return }
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
        case Ascii.quote:
            return openString(at: start, pounds: 0)
        case Ascii.pound:
            return scanPound(at: start)
        case Ascii.slash where byte(start + 1) == Ascii.slash:
            return scanLineComment(at: start)
        case Ascii.slash where byte(start + 1) == Ascii.star:
            return scanBlockComment(at: start)
        case Ascii.slash where regexAllowed:
            return scanBareRegex(at: start) ?? scanOperator(at: start)
        case Ascii.less where byte(start + 1) == Ascii.pound:
            return scanPlaceholder(at: start) ?? scanOperator(at: start)
        case Ascii.openParen:
            if case .interpolation(let depth, let single)? = contexts.last {
                contexts[contexts.count - 1] = .interpolation(depth: depth + 1, singleLineString: single)
            }
            return token(.punctuation, start, start + 1)
        case Ascii.closeParen:
            if case .interpolation(let depth, let single)? = contexts.last {
                if depth == 0 {
                    contexts.removeLast()
                    return token(.interpolationEnd, start, start + 1)
                }
                contexts[contexts.count - 1] = .interpolation(depth: depth - 1, singleLineString: single)
            }
            return token(.punctuation, start, start + 1)
        case Ascii.openBracket, Ascii.closeBracket, Ascii.openBrace, Ascii.closeBrace, Ascii.comma,
             Ascii.semicolon, Ascii.colon, Ascii.at, Ascii.backslash:
            return token(.punctuation, start, start + 1)
        case Ascii.backtick:
            return scanBacktickedIdentifier(at: start)
        case Ascii.dollar:
            return token(.identifier, start, end(ofIdentifierFrom: start + 1))
        case Ascii.zero...Ascii.nine:
            return scanNumber(at: start)
        default:
            if Ascii.isIdentifierStart(first) { return scanIdentifier(at: start) }
            if Ascii.isOperator(first) || first == Ascii.dot { return scanOperator(at: start) }
            return token(.unknown, start, start + 1)
        }
    }

    private func end(ofIdentifierFrom start: Int) -> Int {
        var end = start
        while end < bytes.count, Ascii.isIdentifierContinue(bytes[end]) { end += 1 }
        return end
    }

    private mutating func scanIdentifier(at start: Int) -> Token {
        let nameEnd = end(ofIdentifierFrom: start + 1)
        let length = nameEnd - start
        if length >= 2, length <= SwiftKeywords.longest, bytes[start] < 0x80,
           SwiftKeywords.reserved.contains(String(decoding: bytes[start..<nameEnd], as: UTF8.self)) {
            return token(.keyword, start, nameEnd)
        }
        return token(.identifier, start, nameEnd)
    }

    /// `` `name` `` on one line (Swift 6 allows spaces inside); a lone backtick is `unknown`.
    private mutating func scanBacktickedIdentifier(at start: Int) -> Token {
        var end = start + 1
        while end < bytes.count, !Ascii.isNewline(bytes[end]) {
            if bytes[end] == Ascii.backtick {
                return token(end == start + 1 ? .unknown : .identifier, start, end == start + 1 ? start + 1 : end + 1)
            }
            end += 1
        }
        return token(.unknown, start, start + 1)
    }

    /// `#if`, `#available`, `#"raw string"#`, `#/regex/#`; `#` before anything else is `unknown`.
    private mutating func scanPound(at start: Int) -> Token? {
        var afterPounds = start
        while byte(afterPounds) == Ascii.pound { afterPounds += 1 }
        let pounds = afterPounds - start
        switch byte(afterPounds) {
        case Ascii.quote:
            return openString(at: start, pounds: pounds)
        case Ascii.slash:
            return scanExtendedRegex(at: start, pounds: pounds)
        case let following where pounds == 1 && Ascii.isIdentifierStart(following):
            let nameEnd = end(ofIdentifierFrom: afterPounds + 1)
            let name = String(decoding: bytes[afterPounds..<nameEnd], as: UTF8.self)
            return token(SwiftKeywords.directives.contains(name) ? .directive : .poundKeyword, start, nameEnd)
        default:
            return token(.unknown, start, afterPounds)
        }
    }

    private mutating func scanLineComment(at start: Int) -> Token {
        var end = start + 2
        while end < bytes.count, !Ascii.isNewline(bytes[end]) { end += 1 }
        let doc = byte(start + 2) == Ascii.slash && byte(start + 3) != Ascii.slash
        return token(doc ? .docLineComment : .lineComment, start, end)
    }

    /// `/* … */` with nesting, as Swift allows.
    private mutating func scanBlockComment(at start: Int) -> Token {
        let doc = byte(start + 2) == Ascii.star && byte(start + 3) != Ascii.slash && byte(start + 3) != Ascii.star
        var depth = 1
        var end = start + 2
        while end < bytes.count {
            if bytes[end] == Ascii.slash, byte(end + 1) == Ascii.star {
                depth += 1
                end += 2
            } else if bytes[end] == Ascii.star, byte(end + 1) == Ascii.slash {
                depth -= 1
                end += 2
                if depth == 0 { return token(doc ? .docBlockComment : .blockComment, start, end) }
            } else {
                end += 1
            }
        }
        return token(doc ? .docBlockComment : .blockComment, start, end, unterminated: true)
    }

    /// `<#name#>` on one line; nil when it does not close (then `<` is an operator).
    private mutating func scanPlaceholder(at start: Int) -> Token? {
        var end = start + 2
        while end + 1 < bytes.count, !Ascii.isNewline(bytes[end]) {
            if bytes[end] == Ascii.pound, bytes[end + 1] == Ascii.greater { return token(.placeholder, start, end + 2) }
            end += 1
        }
        return nil
    }

    /// Digits, letters, `_`, a fraction's `.digit` and an exponent's sign: `0x1.8p-3`, `1_000`, `2e10`.
    /// A number right after `.` has no fraction, so `tuple.0.1` is two members.
    private mutating func scanNumber(at start: Int) -> Token {
        let hex = bytes[start] == Ascii.zero && (byte(start + 1) | 0x20) == Ascii.lowerX
        let afterDot = start > 0 && bytes[start - 1] == Ascii.dot
        var end = start + 1
        while end < bytes.count {
            let byte = bytes[end]
            if Ascii.isIdentifierContinue(byte) && byte < 0x80 {
                end += 1
            } else if byte == Ascii.dot, !afterDot, Ascii.isDigit(self.byte(end + 1)) || (hex && Ascii.isHexDigit(self.byte(end + 1))) {
                end += 2
            } else if byte == Ascii.plus || byte == Ascii.minus,
                      (bytes[end - 1] | 0x20) == (hex ? Ascii.lowerP : Ascii.lowerE) {
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
        let dotted = bytes[start] == Ascii.dot
        var end = start + 1
        while end < bytes.count {
            let byte = bytes[end]
            guard Ascii.isOperator(byte) || (dotted && byte == Ascii.dot) else { break }
            if byte == Ascii.slash, self.byte(end + 1) == Ascii.slash || self.byte(end + 1) == Ascii.star { break }
            end += 1
        }
        let length = end - start
        let punctuation = length == 1 && (bytes[start] == Ascii.dot || bytes[start] == Ascii.equal)
            || length == 2 && bytes[start] == Ascii.minus && bytes[start + 1] == Ascii.greater
        return token(punctuation ? .punctuation : .operator, start, end)
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
