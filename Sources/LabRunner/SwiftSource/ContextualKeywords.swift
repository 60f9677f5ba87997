/// Which of a text's identifiers are contextual keywords where they stand (`final` in
/// `final class`, not in `let final = 1`): the words and their roles are
/// `SwiftKeywords.contextualKeywords`; this reads the tokens around each one. A lexer's guess,
/// not a parse: it looks at the neighbouring tokens only, and at whether it is inside a
/// `precedencegroup`'s braces.
package enum ContextualKeywords {
    /// The indices of the identifier tokens in `tokens` that are keywords in their context.
    package static func indices(in tokens: [Token], bytes: [UInt8]) -> Set<Int> {
        let code = tokens.indices.filter { !tokens[$0].isComment }
        var result = Set<Int>()
        var groupDepth: Int?
        var depth = 0
        for (position, index) in code.enumerated() {
            let token = tokens[index]
            let text = token.text(in: bytes)
            if token.kind == .punctuation {
                if text == "{" { depth += 1 }
                if text == "}" { depth -= 1; if depth == groupDepth { groupDepth = nil } }
                continue
            }
            if token.kind == .keyword, text == "precedencegroup" { groupDepth = depth }
            // Only a word of the table, or one a modifier can take, needs its neighbours read.
            guard token.kind == .identifier,
                  SwiftKeywords.contextualKeywords[text] != nil || SwiftKeywords.modifierArguments.contains(text) else { continue }
            let neighbours = Neighbours(tokens: tokens, code: code, position: position, bytes: bytes)
            if neighbours.isModifierArgument || isKeyword(text, neighbours, inPrecedenceGroup: groupDepth.map { depth > $0 } ?? false) {
                result.insert(index)
            }
        }
        return result
    }

    private static func isKeyword(_ word: String, _ around: Neighbours, inPrecedenceGroup: Bool) -> Bool {
        guard let role = SwiftKeywords.contextualKeywords[word] else { return false }
        if role == .always { return true }
        if role == .metatype { return around.isMember }
        if around.isMember || around.previous.map(SwiftKeywords.beforeName.contains) == true { return false }
        switch role {
        case .always, .metatype:
            return true
        case .precedenceGroup:
            return inPrecedenceGroup && (around.next == ":" || around.previous == ":")
        case .accessor:
            if around.next == "{" || around.next == "}" { return true }
            if around.next == "(" { return around.afterParameter == "{" }
            return around.next.map { SwiftKeywords.contextualKeywords[$0] == .accessor || $0 == "async" || $0 == "throws" } ?? false
        case .effect:
            if around.previous == ")" || around.next == "->" { return true }
            return around.wordFollowsOnLine && !around.isArgumentLabel
        case .beforeWord:
            if word == "actor" || word == "macro" { return around.wordFollowsOnLine }
            return (around.wordFollowsOnLine && !around.isArgumentLabel)
                || (SwiftKeywords.modifiersWithArgument.contains(word) && around.argumentFollows)
        }
    }

    /// The code tokens around one identifier, as text.
    private struct Neighbours {
        let previous: String?
        let next: String?
        /// After `.` (or `?.`, `!.`): a member's name, `x.lazy`, `Int.Type`.
        var isMember: Bool { previous == "." || previous == "?." || previous == "!." }
        /// What follows `(name)` after the word: `{` for `set(value) {`.
        let afterParameter: String?
        /// The next token is a word (or an attribute) on the same line.
        let wordFollowsOnLine: Bool
        /// `prefix value: String` in a parameter list: the word is a label, the next one the name.
        let isArgumentLabel: Bool
        /// `(` right after the word, then a word and `)`: `unowned(safe)`.
        let argumentFollows: Bool
        /// The word inside such parentheses: `safe` in `unowned(safe)`, `set` in `private(set)`.
        let isModifierArgument: Bool

        init(tokens: [Token], code: [Int], position: Int, bytes: [UInt8]) {
            let at = { (offset: Int) -> Token? in
                let index = position + offset
                return code.indices.contains(index) ? tokens[code[index]] : nil
            }
            let text = { (offset: Int) in at(offset)?.text(in: bytes) }
            let token = tokens[code[position]]
            let next = text(1)
            previous = text(-1)
            self.next = next
            afterParameter = text(3) == ")" ? text(4) : nil
            let isWord = { (candidate: Token?) in candidate?.kind == .identifier || candidate?.kind == .keyword }
            let following = at(1)
            wordFollowsOnLine = following.map { $0.line == token.line && (isWord($0) || $0.kind == .poundKeyword || next == "@") } ?? false
            isArgumentLabel = following?.kind == .identifier && text(2) == ":"
            let isArgument = { (word: String?) in word.map(SwiftKeywords.modifierArguments.contains) ?? false }
            argumentFollows = next == "(" && following?.range.lowerBound == token.range.upperBound && isArgument(text(2)) && text(3) == ")"
            isModifierArgument = previous == "(" && next == ")" && isArgument(text(0)) && at(-2).map { before in
                isWord(before) && before.range.upperBound == at(-1)?.range.lowerBound
                    && SwiftKeywords.modifiersWithArgument.contains(before.text(in: bytes))
            } == true
        }
    }
}
