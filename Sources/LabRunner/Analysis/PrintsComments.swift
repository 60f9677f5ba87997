/// A `// Prints …` comment of a guide's sample: one line the sample is expected to print.
///
/// The grammar (docs/guides.md, "`// Prints` comments"): a `//` line comment (not `///`, not a
/// block comment) whose text is `Prints`, one or more spaces, then either
/// - a quoted line, `"…"` to the comment's last `"` (only spaces after it): the text between the
///   first and the last quote, verbatim (`// Prints "["a", "b"]"` states `["a", "b"]`), or
/// - one unquoted value: a number (`42`, `-1.5`, `1e3`), `true`, `false`, `nil`, a bracketed
///   `[…]` or `(…)`, or a name applied to a bracketed `(…)` (`Optional(3)`), with nothing after it.
/// Any other `// Prints` comment (`// Prints either 1 or 2`, `// Prints "test" twice`, `// Prints:`,
/// `// Prints "A" "-" "B"`) is prose, which makes none of the sample's comments count (`PrintsComments.find`).
package struct PrintsComment: Sendable, Equatable {
    /// The output line it states.
    package let text: String
    /// Written between quotes: `--update` keeps it quoted.
    package let quoted: Bool
    /// 1-based line in the sample's code.
    package let line: Int
    /// The stated text's bytes in the sample's code: between the quotes, or the whole unquoted value.
    package let valueRange: Range<Int>
}

/// Finds the `// Prints` comments that count in a sample: those in top-level code, which runs
/// once, in order. Comments in the bodies of functions, types, extensions, accessors, closures
/// and `defer` do not count (the sample may call them never or many times); the blocks of
/// top-level `if`, `guard`, `else`, `for`, `while`, `repeat`, `do`, `catch` and `switch` do.
enum PrintsComments {
    private struct Frame {
        /// Comments directly in this block count.
        var counted: Bool
        /// `(`, `[` and `\(` open since this block began.
        var depth = 0
        /// A control keyword was read outside brackets: the next `{` is its block.
        var pending: String? = nil
        /// The keyword whose block this is.
        var keyword: String? = nil
    }

    /// The counted comments of `code`, in order; none when a top-level `// Prints` comment is
    /// prose (`// Prints "test" twice`): the output is then not stated line by line, and
    /// checking only the other comments would fail a sample that does what its text says.
    static func find(in code: [UInt8]) -> [PrintsComment] {
        find(lexed: SwiftLexer.tokens(in: code), in: code)
    }

    /// The same from `code`'s tokens, comments included, as `SwiftLexer` gives them: a guide's
    /// samples are lexed once (`SampleTokens.lexed`), not again here.
    static func find(lexed: [Token], in code: [UInt8]) -> [PrintsComment] {
        var found: [PrintsComment] = []
        var frames = [Frame(counted: true)]
        var closedRepeat = false
        var position = 0
        while position < lexed.count {
            let token = lexed[position]
            position += 1
            var top = frames[frames.count - 1]
            let afterRepeat = closedRepeat
            closedRepeat = false
            switch token.kind {
            case .lineComment:
                guard top.counted else { continue }
                if let comment = parse(code, token) {
                    found.append(comment)
                } else if startsWithPrints(code, token) {
                    return []
                }
                continue
            case .docLineComment, .blockComment, .docBlockComment:
                continue
            case .interpolationStart:
                top.depth += 1
            case .interpolationEnd:
                top.depth = max(0, top.depth - 1)
            case .keyword:
                let word = token.text(in: code)
                // `repeat { … } while condition` has no block after its `while`.
                if top.depth == 0, SwiftKeywords.controlBlocks.contains(word), !(word == "while" && afterRepeat) { top.pending = word }
            case .punctuation:
                switch code[token.range.lowerBound] {
                case SwiftASCII.openParen, SwiftASCII.openBracket:
                    top.depth += 1
                case SwiftASCII.closeParen, SwiftASCII.closeBracket:
                    top.depth = max(0, top.depth - 1)
                case SwiftASCII.openBrace:
                    let isBlock = top.depth == 0 && top.pending != nil
                    let keyword = isBlock ? top.pending : nil
                    if top.depth == 0 { top.pending = nil }
                    frames[frames.count - 1] = top
                    frames.append(Frame(counted: top.counted && isBlock, keyword: keyword))
                    continue
                case SwiftASCII.closeBrace:
                    if frames.count > 1 {
                        closedRepeat = frames.removeLast().keyword == "repeat"
                        continue
                    }
                case SwiftASCII.semicolon where top.depth == 0:
                    top.pending = nil
                default:
                    break
                }
            default:
                break
            }
            frames[frames.count - 1] = top
        }
        return found
    }

    /// The comment `token` as a `// Prints` comment, nil when it is not one (or is prose).
    static func parse(_ code: [UInt8], _ token: Token) -> PrintsComment? {
        let bytes = code[token.range]
        var index = bytes.startIndex + 2
        func skipBlanks() { while index < bytes.endIndex, bytes[index] == SwiftASCII.space || bytes[index] == SwiftASCII.tab { index += 1 } }
        let start = index
        skipBlanks()
        guard index > start, bytes[index...].starts(with: "Prints".utf8) else { return nil }
        index += 6
        let afterWord = index
        skipBlanks()
        guard index > afterWord, index < bytes.endIndex else { return nil }
        var end = bytes.endIndex
        while end > index, bytes[end - 1] == SwiftASCII.space || bytes[end - 1] == SwiftASCII.tab { end -= 1 }
        let value = Array(bytes[index..<end])
        if value[0] == SwiftASCII.quote {
            guard value.count >= 2, value[value.count - 1] == SwiftASCII.quote, !listsSeveral(value) else { return nil }
            return PrintsComment(text: String(decoding: value.dropFirst().dropLast(), as: UTF8.self), quoted: true,
                                 line: token.line, valueRange: (index + 1)..<(end - 1))
        }
        guard isValue(value) else { return nil }
        return PrintsComment(text: String(decoding: value, as: UTF8.self), quoted: false, line: token.line, valueRange: index..<end)
    }

    /// `"A" "-" "B"`: several quoted values side by side, as swift-async-algorithms' doc comments
    /// state what a loop prints, one value a line; a line of the program's would not stop and
    /// start its quotes at a blank. Such a comment is prose: the quotes do not say the lines.
    private static func listsSeveral(_ value: [UInt8]) -> Bool {
        var index = 1
        while index + 1 < value.count - 1 {
            if value[index] == SwiftASCII.quote, value[index + 1] == SwiftASCII.space {
                var next = index + 1
                while next < value.count, value[next] == SwiftASCII.space { next += 1 }
                if next < value.count - 1, value[next] == SwiftASCII.quote { return true }
            }
            index += 1
        }
        return false
    }

    /// `// Prints` then a space, a tab, a colon or the end: a comment about output, counted or prose.
    private static func startsWithPrints(_ code: [UInt8], _ token: Token) -> Bool {
        let text = code[token.range].dropFirst(2).drop { $0 == SwiftASCII.space || $0 == SwiftASCII.tab }
        guard text.starts(with: "Prints".utf8) else { return false }
        let next = text.dropFirst(6).first
        return next == nil || next == SwiftASCII.space || next == SwiftASCII.tab || next == SwiftASCII.colon
    }

    /// True when `text` reads as one unquoted value (so `--update` may write it without quotes).
    static func isValue(_ text: [UInt8]) -> Bool {
        guard let first = text.first else { return false }
        if ["true", "false", "nil"].contains(where: { text.elementsEqual($0.utf8) }) { return true }
        if isNumber(text) { return true }
        if first == SwiftASCII.openBracket || first == SwiftASCII.openParen { return bracketed(text[...]) }
        // `Optional(3)`, `Point(x: 1, y: 2)`: a name, then one bracketed group to the end.
        guard SwiftASCII.isIdentifierStart(first) else { return false }
        var index = 0
        while index < text.count, SwiftASCII.isIdentifierContinue(text[index]) || text[index] == SwiftASCII.dot { index += 1 }
        return index < text.count && text[index] == SwiftASCII.openParen && bracketed(text[index...])
    }

    /// `-12`, `3.5`, `1_000`, `2.5e-3`.
    private static func isNumber(_ text: [UInt8]) -> Bool {
        var index = text.first == SwiftASCII.minus ? 1 : 0
        let digitsStart = index
        while index < text.count, SwiftASCII.isDigit(text[index]) || (index > digitsStart && text[index] == SwiftASCII.underscore) { index += 1 }
        guard index > digitsStart else { return false }
        if index < text.count, text[index] == SwiftASCII.dot {
            index += 1
            let fraction = index
            while index < text.count, SwiftASCII.isDigit(text[index]) { index += 1 }
            guard index > fraction else { return false }
        }
        if index < text.count, text[index] | 0x20 == SwiftASCII.lowerE {
            index += 1
            if index < text.count, text[index] == SwiftASCII.minus || text[index] == SwiftASCII.plus { index += 1 }
            let exponent = index
            while index < text.count, SwiftASCII.isDigit(text[index]) { index += 1 }
            guard index > exponent else { return false }
        }
        return index == text.count
    }

    /// True when the bracket that opens `text` closes at its last byte (quoted strings skipped).
    private static func bracketed(_ text: ArraySlice<UInt8>) -> Bool {
        var depth = 0
        var inString = false
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            if inString {
                if byte == SwiftASCII.backslash { index += 1 } else if byte == SwiftASCII.quote { inString = false }
            } else {
                switch byte {
                case SwiftASCII.quote: inString = true
                case SwiftASCII.openParen, SwiftASCII.openBracket: depth += 1
                case SwiftASCII.closeParen, SwiftASCII.closeBracket:
                    depth -= 1
                    if depth == 0 { return index == text.endIndex - 1 }
                default: break
                }
            }
            index += 1
        }
        return false
    }
}
