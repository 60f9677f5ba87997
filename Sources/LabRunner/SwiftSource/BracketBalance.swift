/// The first place where a piece of Swift source opens what it never closes, or closes what it
/// never opened: `()`, `[]`, `{}` and interpolations `\(…)`, outside strings and comments.
///
/// A block comment or multi-line string that never closes counts too: it swallows the rest of
/// the source, brackets included. A single-line string that runs to its line's end does not:
/// swiftc reports that one at the right place itself.
package enum BracketBalance {
    /// Nil when every bracket is matched. `bareSlashRegex` as for `SwiftLexer`: false in Swift 5 mode.
    package static func firstProblem(in bytes: [UInt8], bareSlashRegex: Bool = true) -> BracketProblem? {
        firstProblem(lexed: Array(SwiftLexer(bytes, bareSlashRegex: bareSlashRegex)), in: bytes)
    }

    /// The same for source already lexed: every token of `bytes`, comments included (an
    /// unterminated block comment is a problem).
    package static func firstProblem(lexed: [Token], in bytes: [UInt8]) -> BracketProblem? {
        firstProblem(lexed: lexed, tree: TokenTree(lexed.filter { !$0.isComment }, in: bytes), in: bytes)
    }

    /// The same with the tree of `lexed` without its comments (`SampleTokens.tree`), so that a
    /// guide's sample is grouped once: comments hold no brackets, so the groups are the same.
    static func firstProblem(lexed: [Token], tree: TokenTree, in bytes: [UInt8]) -> BracketProblem? {
        let tokens = tree.tokens
        // The first segment of the string being lexed, per interpolation level: an unterminated
        // segment is reported at its string's opening delimiter.
        var stringStart: Token? = nil
        var outerStringStarts: [Token?] = []
        var previous: TokenKind? = nil
        // The index in `tree` of the next token that is not a comment.
        var code = 0
        var position = -1
        while position + 1 < lexed.count {
            position += 1
            let token = lexed[position]
            defer { if !token.isComment { previous = token.kind } }
            switch token.kind {
            case .interpolationStart:
                outerStringStarts.append(stringStart)
            case .interpolationEnd:
                stringStart = outerStringStarts.popLast() ?? nil
            case .stringSegment:
                if previous != .interpolationEnd { stringStart = token }
                if token.isUnterminated, let start = stringStart, let opening = multilineOpening(start, in: bytes) {
                    return BracketProblem(kind: .neverClosed, token: start, text: opening)
                }
            case .blockComment, .docBlockComment:
                if token.isUnterminated { return BracketProblem(kind: .neverClosed, token: token, text: "/*") }
            default:
                break
            }
            guard !token.isComment else { continue }
            if let problem = closingProblem(at: code, in: tree, bytes) { return problem }
            code += 1
        }
        // The innermost bracket still open at the end.
        return tree.unclosed.last.map { BracketProblem(kind: .neverClosed, token: tokens[$0], text: tokens[$0].text(in: bytes)) }
    }

    /// The problem a closer shows: nothing open, or the innermost open group is another bracket.
    /// The tree closes the innermost group whatever its kind; up to the first problem, that is
    /// the group a matching closer closes too.
    private static func closingProblem(at index: Int, in tree: TokenTree, _ bytes: [UInt8]) -> BracketProblem? {
        guard let (wanted, opening) = tree.bracket(index, in: bytes), !opening else { return nil }
        let token = tree.tokens[index]
        guard let opener = tree.opener(of: index) else {
            return BracketProblem(kind: .neverOpened, token: token, text: token.text(in: bytes))
        }
        guard tree.bracket(opener, in: bytes)?.0 != wanted else { return nil }
        // It closes an outer bracket: the ones opened since were never closed.
        var inner = opener
        while let outer = tree.parent(of: inner) {
            if tree.bracket(outer, in: bytes)?.0 == wanted {
                return BracketProblem(kind: .neverClosed, token: tree.tokens[inner], text: tree.tokens[inner].text(in: bytes))
            }
            inner = outer
        }
        return BracketProblem(kind: .mismatched(opener: tree.tokens[opener]), token: token, text: token.text(in: bytes))
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
