/// The names an item refers to, for finding what it needs from earlier samples, read scope by
/// scope over the token tree: a name bound locally (`ScopeBindings`: a parameter, a `let` in a
/// body, `if let`, `for x in`, a closure's parameter, `catch`'s `error`) is no use inside the scope
/// that binds it, and a use outside it, where it can only mean a top-level name.
///
/// Argument labels (`name:` in parentheses) are not uses; operators an item applies are
/// (`==`, `+++`); names after `.` are member uses. What slips through only makes a context larger,
/// never wrong: a name no earlier sample declares pulls nothing.
enum UsesCollector {
    struct Uses {
        var names: Set<String> = []
        var members: Set<String> = []
    }

    /// Groups nested deeper than this are read as one scope (fuzzed input can nest without end).
    static let deepest = 64

    /// - Parameter heads: declaration heads already read (`OutlineItem.heads`), by their tokens.
    static func collect(_ tokens: SampleTokens, in range: Range<Int>, excluding own: [String],
                        heads: [Range<Int>: DeclarationHead] = [:]) -> Uses {
        var uses = Uses()
        read(tokens, range, bound: [], scope: .statements(isTypeBody: false), depth: 0, heads: heads, into: &uses)
        uses.names.subtract(own)
        return uses
    }

    /// What a group holds: statements (an item, a `{…}` body) bind names; parentheses and brackets only hold expressions.
    private enum Scope {
        case statements(isTypeBody: Bool)
        case expressions
    }

    private static func read(_ tokens: SampleTokens, _ range: Range<Int>, bound outer: Set<String>, scope: Scope,
                             depth: Int, heads: [Range<Int>: DeclarationHead], into uses: inout Uses) {
        guard depth < deepest else {
            for index in range { use(tokens, index, bound: outer, into: &uses) }
            return
        }
        // The scope's bindings taken apart once: reaching them through an optional struct per
        // token copied all four collections each time in a debug build.
        var bindingSites: Set<Int> = []
        var inner: [Int: Set<String>] = [:]
        var typeBodies: Set<Int> = []
        var bound = outer
        if case .statements(let isTypeBody) = scope {
            let read = ScopeBindings(tokens, range, isTypeBody: isTypeBody, heads: heads)
            bound.formUnion(read.names)
            bindingSites = read.bindingSites
            inner = read.inner
            typeBodies = read.typeBodies
        }
        let tree = tokens.tree
        for index in tree.level(range) {
            guard let inside = tree.contents(of: index) else {
                // Most scopes bind nothing in headers: skip the set's (unspecialized) lookup then.
                if bindingSites.isEmpty || !bindingSites.contains(index) { use(tokens, index, bound: bound, into: &uses) }
                continue
            }
            guard tokens.opens(index, .brace) else {
                read(tokens, inside, bound: bound, scope: .expressions, depth: depth + 1, heads: heads, into: &uses)
                continue
            }
            var innerBound = bound
            if let names = inner[index] { innerBound.formUnion(names) }
            let parameters = closureParameters(tokens, inside)
            if !parameters.isEmpty { innerBound.formUnion(parameters) }
            read(tokens, inside, bound: innerBound, scope: .statements(isTypeBody: typeBodies.contains(index)), depth: depth + 1, heads: heads, into: &uses)
        }
    }

    /// Counts the token at `index` as a use unless it is bound, a label, a keyword or not a name.
    private static func use(_ tokens: SampleTokens, _ index: Int, bound: Set<String>, into uses: inout Uses) {
        switch tokens.kind(index) {
        case .operator:
            uses.names.insert(tokens.text(index))
        case .identifier:
            let name = tokens.name(index)
            // `@main` marks the entry point: it never refers to a top-level `main`.
            if tokens.is(index - 1, "@"), name == "main" { return }
            if tokens.is(index - 1, ".") {
                uses.members.insert(name)
            } else if !isLabel(tokens, index), !bound.contains(name), !SwiftKeywords.contextual.contains(name),
                      !name.hasPrefix("$") {
                uses.names.insert(name)
            }
        default:
            break
        }
    }

    /// `f(x: 1)`, `func f(from x: Int)`, `(a: Int, b: Int)`: a label or a parameter's name, in parentheses.
    private static func isLabel(_ tokens: SampleTokens, _ index: Int) -> Bool {
        guard let parent = tokens.tree.parent(of: index), tokens.opens(parent, .parenthesis) else { return false }
        let entryStart = { (at: Int) in tokens.is(at, "(") || tokens.is(at, ",") }
        if entryStart(index - 1), tokens.is(index + 1, ":") { return true }                      // `x:`
        if entryStart(index - 1), tokens.kind(index + 1) == .identifier, tokens.is(index + 2, ":") { return true }   // `from` in `from x:`
        // `x` in `from x:`; a label may be a keyword (`for x:`, `in x:`).
        let labelBefore = tokens.kind(index - 1) == .identifier || tokens.kind(index - 1) == .keyword
        return labelBefore && tokens.is(index + 1, ":") && entryStart(index - 2)
    }

    /// `{ a, b in`, `{ [weak self] (x: Int) -> Int in`: the names a closure's signature binds.
    static func closureParameters(_ tokens: SampleTokens, _ inside: Range<Int>) -> [String] {
        var names: [String] = []
        var expectingName = true
        var returnType = false
        for index in tokens.tree.level(inside) {
            let text = tokens.text(index)
            switch tokens.kind(index) {
            case .keyword where text == "in":
                return names
            case .keyword where SwiftKeywords.closureSignature.contains(text):
                continue
            case .identifier where SwiftKeywords.closureSignature.contains(text):
                continue
            case .identifier:
                if expectingName, !returnType, text != "_" { names.append(tokens.name(index)) }
                expectingName = false
            case .punctuation where text == ",":
                expectingName = true
            case .punctuation where text == "->":
                returnType = true
            case .punctuation where text == "(" && names.isEmpty && expectingName && !returnType:
                names += tupleNames(tokens, index)
                expectingName = false
            case .punctuation where text == "[" && index == inside.lowerBound:
                continue   // a capture list, before the parameters
            case .punctuation where returnType && (text == "." || text == "(" || text == "["):
                continue
            case .operator where returnType:
                continue   // `?`, `<`, `>` of the return type
            default:
                return []
            }
        }
        return []
    }

    /// `(x: Int, _ y: Int)` or `(a, b)` in a closure's signature: the first name of each entry.
    private static func tupleNames(_ tokens: SampleTokens, _ opener: Int) -> [String] {
        guard let inside = tokens.tree.contents(of: opener) else { return [] }
        var names: [String] = []
        var expectingName = true
        for index in tokens.tree.level(inside) {
            if tokens.is(index, ",") {
                expectingName = true
            } else if expectingName, tokens.kind(index) == .identifier {
                if tokens.text(index) != "_" { names.append(tokens.name(index)) }
                // `_ y: Int`: the name after `_` is the parameter.
                expectingName = tokens.text(index) == "_"
            } else {
                expectingName = false
            }
        }
        return names
    }
}
