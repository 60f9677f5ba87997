/// Splits a run of tokens at one bracket depth (a sample's top level, or a type's body) into
/// items: declarations and statements, as Swift separates them, by `;` or by a line break that
/// the next line does not continue.
///
/// A line continues the one before when it starts with what cannot begin a statement (`.member`,
/// a binary operator, `{`, `->`, `:`, `,`, `=`, `else`, `catch`, `where`…) or when the line before
/// ends with what cannot end one (a binary operator, `=`, `,`, `in`, `let`, an attribute or a
/// modifier). A `(` or `[` starting a line starts a statement, as in Swift. `#if … #endif` is
/// one item; a closer that closes nothing open (a lone `}`) is an item of its own.
enum ItemSplitter {
    static func items(_ tokens: SampleTokens, in range: Range<Int>) -> [Range<Int>] {
        var items: [Range<Int>] = []
        var start: Int? = nil
        var index = range.lowerBound
        func close(at end: Int) {
            if let begin = start, begin < end { items.append(begin..<end) }
            start = nil
        }
        while index < range.upperBound {
            if tokens.is(index, ";") {
                close(at: index)
                index += 1
                continue
            }
            if tokens.kind(index) == .directive, tokens.text(index) == "#if" {
                close(at: index)
                let end = min(endOfConditional(tokens, from: index, limit: range.upperBound), range.upperBound)
                items.append(index..<end)
                index = end
                continue
            }
            if let begin = start, tokens.startsLine(index), !continues(tokens, item: begin, at: index) {
                close(at: index)
            }
            if tokens.tree.closesNothing(index) {
                // A lone closer is an item of its own: the fragment reader names it.
                close(at: index)
                items.append(index..<index + 1)
                index += 1
                continue
            }
            if start == nil { start = index }
            index = min(tokens.after(index), range.upperBound)
        }
        close(at: range.upperBound)
        return items
    }

    /// The code of an `#if … #endif` item without its directive lines (`#if os(Linux)`, `#else`…):
    /// the runs of tokens between them, each to be split into items.
    static func branches(_ tokens: SampleTokens, in range: Range<Int>) -> [Range<Int>] {
        var branches: [Range<Int>] = []
        var start = range.lowerBound
        var index = range.lowerBound
        while index < range.upperBound {
            if tokens.kind(index) == .directive, SwiftKeywords.conditionalDirectives.contains(tokens.text(index)) {
                if start < index { branches.append(start..<index) }
                // The condition is the rest of the directive's line.
                let line = tokens.tokens[index].line
                index += 1
                while index < range.upperBound, tokens.tokens[index].line == line { index = min(tokens.after(index), range.upperBound) }
                start = index
                continue
            }
            index = min(tokens.after(index), range.upperBound)
        }
        if start < range.upperBound { branches.append(start..<range.upperBound) }
        return branches
    }

    /// The index after the `#endif` that closes the `#if` at `index` (nested ones counted), or `limit`.
    private static func endOfConditional(_ tokens: SampleTokens, from index: Int, limit: Int) -> Int {
        var depth = 0
        var current = index
        while current < limit {
            if tokens.kind(current) == .directive {
                switch tokens.text(current) {
                case "#if": depth += 1
                case "#endif":
                    depth -= 1
                    if depth == 0 { return current + 1 }
                default: break
                }
            }
            current = tokens.after(current)
        }
        return limit
    }

    /// Whether the line starting at `index` continues the item that started at `item`.
    private static func continues(_ tokens: SampleTokens, item: Int, at index: Int) -> Bool {
        let token = tokens.tokens[index]
        switch token.kind {
        case .punctuation:
            let text = tokens.text(index)
            if text == "." || text == "{" || text == ":" || text == "," || text == "=" || text == "->" { return true }
        case .operator:
            // `+ 2` on a new line is a binary operator; `-x`, `!flag` and `...` alone start anew.
            if tokens.spaceAfter(index), tokens.text(index) != "...", index + 1 < tokens.count,
               !tokens.startsLine(index + 1) { return true }
        case .keyword:
            if SwiftKeywords.continuingLine.contains(tokens.text(index)) { return true }
            if tokens.text(index) == "while", tokens.is(item, "repeat") { return true }
        case .identifier:
            // `func load()` above `async throws -> Int`; `async let x = …` starts a statement.
            if tokens.text(index) == "async", tokens.is(index - 1, ")"), !tokens.isKeyword(index + 1, SwiftKeywords.bindingKeywords) { return true }
        default:
            break
        }
        let previous = index - 1
        guard previous >= item else { return false }
        switch tokens.kind(previous) {
        case .operator:
            // A binary operator ending the line (`a +`); not a postfix `!` or `?` stuck to its
            // operand, nor the operator an operator declaration names (`prefix operator /`).
            return tokens.spaceBefore(previous) && tokens.text(previous) != "..." && !tokens.is(previous - 1, "operator")
        case .punctuation:
            let text = tokens.text(previous)
            if text == "=" || text == "," || text == "->" || text == ":" || text == "." || text == "@" { return true }
            // `@available(…)` alone on its line belongs to the declaration below it.
            if text == ")", onlyAttributes(tokens, from: item, to: index) { return true }
            return false
        case .keyword:
            return SwiftKeywords.unfinishedLine.contains(tokens.text(previous))
        case .identifier:
            return onlyAttributes(tokens, from: item, to: index)
        default:
            return false
        }
    }

    /// True when the tokens from `start` to `end` are only attributes and modifiers (`@main`, `public`).
    private static func onlyAttributes(_ tokens: SampleTokens, from start: Int, to end: Int) -> Bool {
        DeclarationReader.Prefix(tokens, tokens.tree.level(start..<end)[...]).rest.isEmpty
    }
}
