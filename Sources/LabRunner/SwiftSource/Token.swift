/// One lexical token of Swift source, located by byte offsets, line and column.
///
/// Made by `SwiftLexer`. A string literal with interpolations is several tokens in source order:
/// `stringSegment` (`"a `), `interpolationStart` (`\(`), the interpolation's own tokens,
/// `interpolationEnd` (`)`), `stringSegment` (` b"`); a literal without interpolations is one
/// segment, delimiters included. So every identifier a program uses, even inside a string, is
/// an `identifier` token.
package struct Token: Sendable, Equatable {
    package let kind: TokenKind
    /// Byte offsets into the lexed UTF-8 text; never empty.
    package let range: Range<Int>
    /// 1-based line of the token's first byte (lines end at "\n", "\r\n" or a lone "\r").
    package let line: Int
    /// 1-based column of the token's first byte, counted in bytes as swiftc counts them.
    package let column: Int
    /// True when a string segment, block comment, regex literal or backticked identifier ended at
    /// the end of its line or of the input instead of at its closing delimiter.
    package var isUnterminated = false

    package init(kind: TokenKind, range: Range<Int>, line: Int, column: Int, isUnterminated: Bool = false) {
        self.kind = kind
        self.range = range
        self.line = line
        self.column = column
        self.isUnterminated = isUnterminated
    }

    /// The token's text as written.
    package func text(in bytes: [UInt8]) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The name an identifier token declares or uses: without the backticks of `` `class` ``.
    package func name(in bytes: [UInt8]) -> String {
        let text = text(in: bytes)
        // Most names have no backtick: the first byte says so without counting characters.
        guard kind == .identifier, bytes[range.lowerBound] == SwiftASCII.backtick, text.count >= 2, text.hasPrefix("`"),
              text.hasSuffix("`") else { return text }
        return String(text.dropFirst().dropLast())
    }

    package var isComment: Bool {
        switch kind {
        case .lineComment, .docLineComment, .blockComment, .docBlockComment: true
        default: false
        }
    }
}

/// What a `Token` is.
package enum TokenKind: Sendable, Equatable, Hashable {
    /// `name`, `` `class` `` (backticks included in the range), `$0`, `$name`, and contextual
    /// keywords (`some`, `async`, `actor`, `get`, `open`…), which are valid names.
    case identifier
    /// A word Swift reserves: `func`, `let`, `if`, `self`, `true`… (see `SwiftKeywords`).
    case keyword
    /// A compiler control statement: `#if`, `#elseif`, `#else`, `#endif`, `#sourceLocation`,
    /// `#warning`, `#error`. Its arguments follow as ordinary tokens.
    case directive
    /// Any other `#name`: `#available`, `#selector`, `#file`, freestanding macros (`#Preview`, `#expect`).
    case poundKeyword
    /// An integer or floating-point literal: `42`, `1_000`, `0x1F`, `1.5e-3`.
    case number
    /// Literal text of a string with the delimiters it touches: a whole literal without
    /// interpolations, else the pieces before, between and after them.
    case stringSegment
    /// `\(` or, in a raw string, `\#(` (as many `#` as the string's delimiter).
    case interpolationStart
    /// The `)` that closes an interpolation.
    case interpolationEnd
    /// `/…/` where Swift reads a regex literal, or `#/…/#` (extended, possibly multi-line).
    case regex
    /// `(` `)` `[` `]` `{` `}` `,` `;` `:` `@` `\` and the operator-like `.`, `=`, `->`.
    case punctuation
    /// A run of operator characters: `+`, `==`, `..<`, `?`, `!`, `&&`…
    case `operator`
    /// `// …` to the end of the line (the line ending is not part of it).
    case lineComment
    /// `/// …`
    case docLineComment
    /// `/* … */`, nested comments included.
    case blockComment
    /// `/** … */`
    case docBlockComment
    /// An editor placeholder, `<#name#>`.
    case placeholder
    /// A byte that starts no Swift token (a stray backtick, `'`, a control character).
    case unknown
}
