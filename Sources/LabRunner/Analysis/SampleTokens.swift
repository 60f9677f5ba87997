/// A sample's tokens without comments, with what the declaration reader asks of them: their text,
/// their brackets grouped (`tree`), and where lines start.
///
/// A class, though nothing in it changes: every reader holds the sample's tokens, and a struct of
/// six arrays was copied (six retains and releases) at each call in a debug build, which made
/// copying a fifth of the guide analysis's time over the corpus.
final class SampleTokens: Sendable {
    let bytes: [UInt8]
    /// The tokens with their brackets grouped, shared by every reader of the sample.
    let tree: TokenTree
    /// `tree`'s tokens (the same array buffer, not a copy), held here too because readers ask for
    /// them millions of times over a corpus: one property read rather than two, with their
    /// retains, in a debug build. (When `TokenTree` was a struct, each read through `tree` copied it.)
    let tokens: [Token]
    /// Last line of each token: a multi-line string or regex ends below where it starts.
    let endLines: [Int]
    /// Every token as the lexer gave it, comments included (`PrintsComments` reads them).
    let lexed: [Token]
    /// Indices of `<#…#>` tokens (placeholders in comments and strings are not tokens).
    let placeholders: [Int]

    /// Lines of comments that stand for elided code: `// ...`, `/* … */`.
    let elidingComments: [Int]
    /// The first bracket the sample never closes or never opened (see `BracketBalance`), found
    /// from the same lexing.
    let bracketProblem: BracketProblem?

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var tokens: [Token] = []
        var placeholders: [Int] = []
        var eliding: [Int] = []
        let lexed = SwiftLexer.tokens(in: bytes)
        self.lexed = lexed
        var position = 0
        while position < lexed.count {
            let token = lexed[position]
            position += 1
            if token.isComment {
                if Self.elides(bytes, token.range) { eliding.append(token.line) }
                continue
            }
            if token.kind == .placeholder { placeholders.append(tokens.count) }
            tokens.append(token)
        }
        self.elidingComments = eliding
        self.endLines = tokens.map { token in
            guard token.kind == .stringSegment || token.kind == .regex else { return token.line }
            return token.line + bytes[token.range].count { $0 == SwiftASCII.newline }
        }
        let tree = TokenTree(tokens, in: bytes)
        self.tree = tree
        self.tokens = tree.tokens
        self.count = tree.count
        self.bracketProblem = BracketBalance.firstProblem(lexed: lexed, tree: tree, in: bytes)
        self.placeholders = placeholders
    }

    /// Stored, as every reader's bounds check asks it: `tokens.count` retains and releases the
    /// array in a debug build.
    let count: Int

    /// The token's text; "" outside the tokens, so readers may look one past either end.
    func text(_ index: Int) -> String { index >= 0 && index < count ? tokens[index].text(in: bytes) : "" }

    /// The name an identifier declares or uses, without backticks.
    func name(_ index: Int) -> String { index >= 0 && index < count ? tokens[index].name(in: bytes) : "" }

    func kind(_ index: Int) -> TokenKind? { index >= 0 && index < count ? tokens[index].kind : nil }

    /// True when token `index` is the punctuation or operator `text`.
    /// A `StaticString`, whose bytes are a pointer and a count: iterating a `String`'s UTF-8 view
    /// took a twentieth of the guide analysis in a debug build, where this is asked most.
    func `is`(_ index: Int, _ text: StaticString) -> Bool {
        guard index >= 0, index < count else { return false }
        let token = tokens[index]
        let start = token.range.lowerBound
        let length = text.utf8CodeUnitCount
        guard token.range.upperBound - start == length, token.kind == .punctuation || token.kind == .operator
            || token.kind == .keyword || token.kind == .identifier else { return false }
        let expected = text.utf8Start
        var offset = 0
        while offset < length {
            if bytes[start + offset] != expected[offset] { return false }
            offset += 1
        }
        return true
    }

    func isKeyword(_ index: Int, _ words: Set<String>) -> Bool {
        kind(index) == .keyword && words.contains(text(index))
    }

    func isIdentifier(_ index: Int, _ words: Set<String>) -> Bool {
        kind(index) == .identifier && words.contains(text(index))
    }

    /// True when token `index` opens a group of that bracket (`{`, `(`, `[`, `\(`).
    /// Asked of the token directly, as `TokenTree.bracket` reads it: going through that optional
    /// tuple and comparing the brackets was a call each in a debug build, for nearly every token.
    func opens(_ index: Int, _ bracket: TokenTree.Bracket) -> Bool {
        guard index >= 0, index < count else { return false }
        let token = tokens[index]
        let opener: UInt8
        switch bracket {
        case .interpolation:
            if case .interpolationStart = token.kind { return true }
            return false
        case .parenthesis: opener = SwiftASCII.openParen
        case .square: opener = SwiftASCII.openBracket
        case .brace: opener = SwiftASCII.openBrace
        }
        guard case .punctuation = token.kind else { return false }
        return bytes[token.range.lowerBound] == opener
    }

    /// True when token `index` is the first of its line (the first token is).
    func startsLine(_ index: Int) -> Bool {
        index == 0 || tokens[index].line > endLines[index - 1]
    }

    /// True when whitespace (or a comment) separates token `index` from the one before it.
    func spaceBefore(_ index: Int) -> Bool {
        index == 0 || tokens[index].range.lowerBound > tokens[index - 1].range.upperBound
    }

    func spaceAfter(_ index: Int) -> Bool {
        index + 1 >= count || tokens[index + 1].range.lowerBound > tokens[index].range.upperBound
    }

    /// The index past token `index`, or past its whole group when it opens one (the end when it never closes).
    func after(_ index: Int) -> Int { tree.after(index) }

    /// A comment whose text, without its delimiters and spaces, starts with `...` or `…`.
    /// Index loops: every comment of every sample is asked, and slice algorithms are generic
    /// (slow in a debug build).
    private static func elides(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        var at = range.lowerBound
        while at < range.upperBound, bytes[at] == SwiftASCII.slash || bytes[at] == SwiftASCII.star
            || bytes[at] == SwiftASCII.space || bytes[at] == SwiftASCII.tab { at += 1 }
        return ByteWord.has(dots, in: bytes, at: at, end: range.upperBound) || ByteWord.has(ellipsis, in: bytes, at: at, end: range.upperBound)
    }

    private static let dots = Array("...".utf8), ellipsis = Array("…".utf8)
}
