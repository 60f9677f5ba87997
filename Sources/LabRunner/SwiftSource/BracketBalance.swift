/// The first place where a piece of Swift source opens what it never closes, or closes what it
/// never opened: `()`, `[]`, `{}` and interpolations `\(…)`, outside strings and comments.
///
/// A block comment or multi-line string that never closes counts too: it swallows the rest of
/// the source, brackets included. A single-line string that runs to its line's end does not:
/// swiftc reports that one at the right place itself.
package enum BracketBalance {
    /// Nil when every bracket is matched. `bareSlashRegex` as for `SwiftLexer`: false in Swift 5 mode.
    package static func firstProblem(in bytes: [UInt8], bareSlashRegex: Bool = true) -> BracketProblem? {
        var open: [Token] = []
        // The first segment of the string being lexed, per interpolation level: an unterminated
        // segment is reported at its string's opening delimiter.
        var stringStart: Token? = nil
        var outerStringStarts: [Token?] = []
        var previous: TokenKind? = nil
        for token in SwiftLexer(bytes, bareSlashRegex: bareSlashRegex) {
            defer { if !token.isComment { previous = token.kind } }
            switch token.kind {
            case .interpolationStart:
                outerStringStarts.append(stringStart)
            case .interpolationEnd:
                stringStart = outerStringStarts.popLast() ?? nil
            case .punctuation:
                break
            case .stringSegment:
                if previous != .interpolationEnd { stringStart = token }
                if token.isUnterminated, let start = stringStart, let opening = multilineOpening(start, in: bytes) {
                    return BracketProblem(kind: .neverClosed, token: start, text: opening)
                }
                continue
            case .blockComment, .docBlockComment:
                if token.isUnterminated { return BracketProblem(kind: .neverClosed, token: token, text: "/*") }
                continue
            default:
                continue
            }
            let byte = bytes[token.range.lowerBound]
            if token.kind == .interpolationStart
                || byte == SwiftASCII.openParen || byte == SwiftASCII.openBracket || byte == SwiftASCII.openBrace {
                open.append(token)
                continue
            }
            guard let wanted = opener(closing: token, in: bytes) else { continue }
            guard let top = open.last else {
                return BracketProblem(kind: .neverOpened, token: token, text: token.text(in: bytes))
            }
            if opener(of: top, in: bytes) == wanted {
                open.removeLast()
            } else if let match = open.lastIndex(where: { opener(of: $0, in: bytes) == wanted }) {
                // It closes an outer bracket: the ones opened since were never closed.
                return BracketProblem(kind: .neverClosed, token: open[match + 1], text: open[match + 1].text(in: bytes))
            } else {
                return BracketProblem(kind: .mismatched(opener: top), token: token, text: token.text(in: bytes))
            }
        }
        return open.last.map { BracketProblem(kind: .neverClosed, token: $0, text: $0.text(in: bytes)) }
    }

    /// What an opening token is, as the closers name it: its byte (`(`, `[`, `{`), 0 for `\(`.
    private static func opener(of token: Token, in bytes: [UInt8]) -> UInt8 {
        token.kind == .interpolationStart ? 0 : bytes[token.range.lowerBound]
    }

    /// The opener a closing token needs; nil for punctuation that is no bracket.
    private static func opener(closing token: Token, in bytes: [UInt8]) -> UInt8? {
        if token.kind == .interpolationEnd { return 0 }
        switch bytes[token.range.lowerBound] {
        case SwiftASCII.closeParen: return SwiftASCII.openParen
        case SwiftASCII.closeBracket: return SwiftASCII.openBracket
        case SwiftASCII.closeBrace: return SwiftASCII.openBrace
        default: return nil
        }
    }

    /// `"""`, `#"""`… for a string's first segment; nil for a single-line string.
    private static func multilineOpening(_ token: Token, in bytes: [UInt8]) -> String? {
        var index = token.range.lowerBound
        while index < token.range.upperBound, bytes[index] == SwiftASCII.pound { index += 1 }
        let quotes = bytes[index..<min(index + 3, token.range.upperBound)]
        guard quotes.count == 3, quotes.allSatisfy({ $0 == SwiftASCII.quote }) else { return nil }
        return String(decoding: bytes[token.range.lowerBound..<index + 3], as: UTF8.self)
    }
}

/// A bracket that `BracketBalance` found unmatched.
package struct BracketProblem: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// `token` opens what the source never closes.
        case neverClosed
        /// `token` closes, and nothing is open.
        case neverOpened
        /// `token` closes while `opener`, a different bracket, is the innermost one open.
        case mismatched(opener: Token)
    }

    package let kind: Kind
    /// The bracket at fault (for an unterminated comment or string, the whole token).
    package let token: Token
    /// The bracket as written: `{`, `)`, `\(`, `/*`, `"""`.
    package let text: String
}
