/// The listings that are not Swift at all (`ListingClassifier` asks them first): a terminal
/// session, a program's output, a text diagram or a grammar production. Each reads only what it
/// must, since every sample of a corpus is asked.
extension ListingClassifier {
    /// A shell prompt on the first non-blank line (`$ greet Nadia`, then what it printed): a
    /// terminal session, which documentation comments show as indented code like their Swift.
    /// `$` cannot start a Swift statement followed by a space (`$0` has no space), so no program
    /// is lost; the session is shown, not run.
    /// Reads only up to the first non-blank line, with index loops (every sample is asked).
    static func terminalSession(_ code: [UInt8]) -> ListingReason? {
        var start = 0
        var number = 1
        while true {
            var end = start
            var blank = true
            while end < code.count, code[end] != SwiftASCII.newline {
                if code[end] != SwiftASCII.space, code[end] != SwiftASCII.tab, code[end] != SwiftASCII.carriageReturn { blank = false }
                end += 1
            }
            if !blank {
                // Trimming (spaces, tabs, Unicode spaces) cannot reach a `$` past any other ASCII
                // byte: such a line is no prompt, and Foundation's trimming is not asked.
                var first = start
                while first < end, code[first] == SwiftASCII.space || code[first] == SwiftASCII.tab { first += 1 }
                if code[first] < 0x80, code[first] != UInt8(ascii: "$") { return nil }
                let text = String(decoding: code[start..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                guard text.hasPrefix("$ ") || text == "$" else { return nil }
                return ListingReason(kind: .terminalSession, description: "a terminal session ('\(text)'), not Swift", line: number)
            }
            guard end < code.count else { return nil }
            start = end + 1
            number += 1
        }
    }

    /// A first token that is a plain name followed by `:` (`Usage: command [--foo <foo>]`,
    /// `Error: Missing value…`): at the start of a sample there is no call or literal around it,
    /// so in Swift it could only be a statement label, and a label is followed by `for`, `while`,
    /// `repeat`, `if`, `switch` or `do` (the grammar's labeled-statement). Anything else after it is
    /// not Swift: what a program printed, shown as indented code or in a fence without a language.
    static func programOutput(_ symbols: SampleSymbols) -> ListingReason? {
        let tokens = symbols.tokens
        // `Usage:` as prose writes it: the colon stuck to the name, a space and a word after it
        // (not `T : P`, a module selector `Module::name`, `dependencies: [` of a call not shown).
        guard tokens.count > 2, tokens.kind(0) == .identifier, tokens.is(1, ":"), !tokens.spaceBefore(1), tokens.spaceAfter(1),
              tokens.kind(2) == .identifier || tokens.kind(2) == .keyword, !tokens.isKeyword(2, labelledStatements)
        else { return nil }
        let line = tokens.tokens[0].line
        let lines = symbols.code.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let text = line <= lines.count ? String(decoding: lines[line - 1], as: UTF8.self).trimmingCharacters(in: .whitespaces) : tokens.text(0)
        return ListingReason(kind: .programOutput, description: "program output ('\(text)'), not Swift", line: line)
    }

    /// Box drawing (`┌───┬───┐`, `│ 0 │ 1 │`) outside comments and strings, as doc comments draw a
    /// collection's layout in indented code; or a grammar production (`type → placeholder-type`,
    /// a line whose first word is followed by `→`), as proposals write the grammar. Swift counts
    /// those characters as operator characters, so a program could use one only after declaring
    /// it an `operator`, which such a sample does not. An arrow elsewhere (`(String) → Bool`, a
    /// typo of `->` in code) leaves the sample a program: its error is the text's.
    static func textDiagram(_ symbols: SampleSymbols) -> ListingReason? {
        let tokens = symbols.tokens
        var found: (index: Int, what: String)? = nil
        var index = 0
        while index < tokens.count {
            let token = tokens.tokens[index]
            if token.kind == .keyword || token.kind == .identifier, tokens.is(index, "operator") { return nil }
            if found == nil, token.kind == .operator || token.kind == .unknown || token.kind == .identifier {
                switch diagramCharacter(tokens.bytes, token.range) {
                case .box: found = (index, "text diagram")
                case .arrow where isProductionArrow(tokens, index): found = (index, "grammar production")
                case .arrow, nil: break
                }
            }
            index += 1
        }
        guard let found else { return nil }
        let line = tokens.tokens[found.index].line
        let lines = symbols.code.split(separator: SwiftASCII.newline, omittingEmptySubsequences: false)
        let text = line <= lines.count ? String(decoding: lines[line - 1], as: UTF8.self).trimmingCharacters(in: .whitespaces) : ""
        return ListingReason(kind: .diagram, description: "\(found.what) ('\(text)'), not Swift", line: line)
    }

    /// `name → …` or `hyphenated-name → …` at a line's start: the arrow follows only the words
    /// and hyphens of the production's name.
    static func isProductionArrow(_ tokens: SampleTokens, _ arrow: Int) -> Bool {
        var at = arrow - 1
        while at >= 0, tokens.tokens[at].line == tokens.tokens[arrow].line {
            let word = tokens.kind(at) == .identifier || tokens.kind(at) == .keyword
            guard word || tokens.is(at, "-") else { return false }
            if tokens.startsLine(at) { return word }
            at -= 1
        }
        return false
    }

    enum DiagramCharacter { case box, arrow }

    /// A box-drawing character (U+2500–U+257F: bytes E2 94–95 xx) or an arrow (U+2190–U+21FF:
    /// E2 86 90–BF, E2 87 xx) among `range`'s bytes.
    static func diagramCharacter(_ bytes: [UInt8], _ range: Range<Int>) -> DiagramCharacter? {
        var at = range.lowerBound
        while at + 2 < range.upperBound {
            if bytes[at] == 0xE2 {
                let second = bytes[at + 1], third = bytes[at + 2]
                if second == 0x94 || second == 0x95 { return .box }
                if second == 0x87 || (second == 0x86 && third >= 0x90) { return .arrow }
            }
            at += 1
        }
        return nil
    }

    static let labelledStatements: Set<String> = ["for", "while", "repeat", "if", "switch", "do"]
}
