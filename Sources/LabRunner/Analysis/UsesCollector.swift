/// The names a run of tokens refers to, for finding what an item needs from earlier samples.
///
/// Cheap rather than exact: a name the item binds anywhere (a parameter, a `let` in a body, a
/// closure parameter, a `for` variable, a generic parameter) is taken as local throughout the
/// item, and argument labels (`name:` after `(` or `,`) are not uses. What slips through only
/// makes a context larger, never wrong: a name no earlier sample declares pulls nothing.
enum UsesCollector {
    struct Uses {
        var names: Set<String> = []
        var members: Set<String> = []
    }

    static func collect(_ tokens: SampleTokens, in range: Range<Int>, excluding own: [String]) -> Uses {
        var uses = Uses()
        var locals = Set(own)
        var index = range.lowerBound
        while index < range.upperBound {
            defer { index += 1 }
            let kind = tokens.kind(index)
            if kind == .operator {
                uses.names.insert(tokens.text(index))
                continue
            }
            if kind == .keyword {
                collectBinders(tokens, after: index, in: range, into: &locals)
                continue
            }
            if tokens.is(index, "{") { closureParameters(tokens, after: index, in: range, into: &locals) }
            guard kind == .identifier else { continue }
            let name = tokens.name(index)
            if tokens.is(index - 1, ".") {
                uses.members.insert(name)
                continue
            }
            let labelled = tokens.is(index - 1, "(") || tokens.is(index - 1, ",")
            if labelled, tokens.is(index + 1, ":") {
                locals.insert(name)   // an argument label or a parameter's name
                continue
            }
            if labelled, tokens.kind(index + 1) == .identifier, tokens.is(index + 2, ":") {
                continue              // `from x: Int`: an external label
            }
            if tokens.kind(index - 1) == .identifier, tokens.is(index + 1, ":"),
               tokens.is(index - 2, "(") || tokens.is(index - 2, ",") {
                locals.insert(name)   // the parameter's name after its label
                continue
            }
            if tokens.is(index + 1, "<"), !tokens.spaceAfter(index), isGenericHead(tokens, index) {
                genericParameters(tokens, from: index + 1, in: range, into: &locals)
            }
            if SwiftKeywords.contextual.contains(name) || name.hasPrefix("$") { continue }
            uses.names.insert(name)
        }
        uses.names.subtract(locals)
        return uses
    }

    /// `func f<T, U: P>`, `struct Box<Element>`: a declaration's name followed by generic parameters.
    private static func isGenericHead(_ tokens: SampleTokens, _ index: Int) -> Bool {
        guard tokens.kind(index - 1) == .keyword || tokens.text(index - 1) == "actor" else { return false }
        return SwiftKeywords.genericDeclarations.contains(tokens.text(index - 1))
    }

    private static func genericParameters(_ tokens: SampleTokens, from start: Int, in range: Range<Int>, into locals: inout Set<String>) {
        var depth = 0
        var index = start
        while index < range.upperBound {
            if tokens.kind(index) == .operator {
                depth += GenericDepth.change(tokens.text(index))
                if depth <= 0 { return }
            } else if tokens.kind(index) == .identifier, tokens.is(index - 1, "<") || tokens.is(index - 1, ","), depth == 1 {
                locals.insert(tokens.name(index))
            } else if tokens.kind(index) == .punctuation, !tokens.is(index, ","), !tokens.is(index, ":"), !tokens.is(index, ".") {
                return
            }
            index += 1
        }
    }

    /// Names bound after `let`, `var`, `for`, and `case let`: `let (a, b)`, `for x in`, `if let y {`.
    private static func collectBinders(_ tokens: SampleTokens, after keyword: Int, in range: Range<Int>,
                                       into locals: inout Set<String>) {
        let word = tokens.text(keyword)
        if SwiftKeywords.declaringName.contains(word), tokens.kind(keyword + 1) == .identifier {
            locals.insert(tokens.name(keyword + 1))   // a member's or a local type's name
            return
        }
        guard word == "let" || word == "var" || word == "for" else { return }
        var index = keyword + 1
        while index < range.upperBound, tokens.is(index, "case") || tokens.is(index, "try") || tokens.text(index) == "await" {
            index += 1
        }
        if tokens.is(index, "(") {
            let close = min(tokens.after(index), range.upperBound)
            for inner in index..<close where tokens.kind(inner) == .identifier && !tokens.is(inner + 1, ":") {
                locals.insert(tokens.name(inner))
            }
        } else if index < range.upperBound, tokens.kind(index) == .identifier {
            // `if let value {` binds `value` from the outer one, which it reads: a use unless the
            // item binds the name another way too (a parameter, a closure's parameter).
            let shorthand = word != "for" && (tokens.is(index + 1, "{") || tokens.is(index + 1, ",") || tokens.is(index + 1, "else"))
            if !shorthand { locals.insert(tokens.name(index)) }
        }
    }

    /// `{ a, b in`, `{ (x: Int) -> Int in`: a closure's parameters, bound inside it.
    private static func closureParameters(_ tokens: SampleTokens, after brace: Int, in range: Range<Int>, into locals: inout Set<String>) {
        var names: [String] = []
        var index = brace + 1
        let limit = min(range.upperBound, brace + 40)
        while index < limit {
            if tokens.is(index, "in") {
                locals.formUnion(names)
                return
            }
            switch tokens.kind(index) {
            case .identifier:
                if tokens.is(index - 1, "{") || tokens.is(index - 1, ",") || tokens.is(index - 1, "(") { names.append(tokens.name(index)) }
            case .punctuation:
                if tokens.is(index, "{") || tokens.is(index, "}") || tokens.is(index, "=") { return }
            case .keyword:
                if !tokens.is(index, "throws") && !tokens.is(index, "inout") { return }
            default:
                break
            }
            index += 1
        }
    }
}
