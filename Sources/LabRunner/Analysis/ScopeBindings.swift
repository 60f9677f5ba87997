/// The names one scope of an item binds, read from its statements (`ItemSplitter`, `DeclarationReader`):
/// what is visible in all of it, and what is visible only inside one of its `{…}` groups.
///
/// In the whole scope: `let`/`var`, local functions and types, a type's members and an enum's
/// cases, generic parameters, `guard let`, a `switch` case's pattern (in all of its `switch`: a
/// little wider than Swift, never narrower). In one body only: a function's parameters, what
/// `if`/`while`/`for`/`catch` bind in their header (`catch` alone binds `error`). Cheap rather than
/// exact: a name used before its declaration in the same block counts as bound (Swift rejects it).
struct ScopeBindings {
    /// Names visible throughout the scope, nested groups included.
    private(set) var names: Set<String> = []
    /// For the opener of a `{…}` group at this level: names bound inside it only.
    private(set) var inner: [Int: Set<String>] = [:]
    /// Openers at this level of a type's or extension's body, where `case` declares cases.
    private(set) var typeBodies: Set<Int> = []
    /// Tokens that name what a header binds (`x` in `for x in`): no uses, though bound only in the body.
    private(set) var bindingSites: Set<Int> = []

    /// Reads the statements of `range`; `isTypeBody` when it is a type's body (its `case`s declare).
    /// `heads`: declarations whose heads were read already (the outline's), by their tokens.
    init(_ tokens: SampleTokens, _ range: Range<Int>, isTypeBody: Bool, heads: [Range<Int>: DeclarationHead] = [:]) {
        read(tokens, ItemSplitter.items(tokens, in: range), isTypeBody: isTypeBody, heads: heads)
    }

    private mutating func read(_ tokens: SampleTokens, _ statements: [Range<Int>], isTypeBody: Bool,
                               heads: [Range<Int>: DeclarationHead]) {
        for statement in statements {
            if tokens.kind(statement.lowerBound) == .directive, tokens.text(statement.lowerBound) == "#if" {
                // `#if … #endif`: its branches' statements belong to this scope.
                let branches = ItemSplitter.branches(tokens, in: statement)
                read(tokens, branches.flatMap { ItemSplitter.items(tokens, in: $0) }, isTypeBody: isTypeBody, heads: heads)
                continue
            }
            let head = heads[statement] ?? DeclarationReader.read(tokens, statement)
            switch head.kind {
            case .some(.enumCase) where !isTypeBody:
                readHeader(tokens, statement)   // a `switch` case's pattern
            case .some(let kind):
                declaration(tokens, head, kind, in: statement)
                // An initializer may be an `if`, `switch` or `do`/`catch` expression: its headers bind in its bodies.
                if kind == .let || kind == .var { readHeader(tokens, statement) }
            case nil:
                readHeader(tokens, statement)
            }
        }
    }

    private mutating func declaration(_ tokens: SampleTokens, _ head: DeclarationHead, _ kind: DeclarationKind,
                                      in statement: Range<Int>) {
        names.formUnion(head.names)
        names.formUnion(ScopeBindings.genericParameters(tokens, head, in: statement))
        guard let body = head.body else { return }
        if kind.isType || kind == .extension { typeBodies.insert(body) }
        if kind == .func || kind == .initializer || kind == .subscript {
            inner[body, default: []].formUnion(ScopeBindings.parameters(tokens, head, before: body))
        }
    }

    /// A statement's headers: `if`/`while`/`for`/`catch` bind in the `{` that follows, `guard` and
    /// `case` in the scope. Patterns inside parentheses count (`case .circle(let r)`); closures do not.
    private mutating func readHeader(_ tokens: SampleTokens, _ statement: Range<Int>) {
        let level = tokens.tree.parent(of: statement.lowerBound)
        var pending: Set<String> = []
        var bodyBinding = false
        var index = statement.lowerBound
        while index < statement.upperBound {
            let word = tokens.kind(index) == .keyword ? tokens.text(index) : nil
            if tokens.opens(index, .brace) {
                if tokens.tree.parent(of: index) == level {
                    if bodyBinding { inner[index, default: []].formUnion(pending) }
                    pending = []
                    bodyBinding = false
                }
                index = tokens.after(index)
                continue
            }
            if let word, SwiftKeywords.bindingInBody.contains(word) {
                bodyBinding = true
                if word == "catch", tokens.opens(index + 1, .brace) { pending.insert("error") }
            }
            if word == "for" || word == "let" || word == "var" {
                let bound = ScopeBindings.pattern(tokens, after: index, in: statement)
                // `if let value {` reads the outer `value`: its name is a use as well.
                let shorthand = bound.count == 1 && bound.allSatisfy { tokens.opens($0 + 1, .brace) || tokens.is($0 + 1, ",") || tokens.is($0 + 1, "else") }
                if !shorthand { bindingSites.formUnion(bound) }
                if bodyBinding { pending.formUnion(bound.map { tokens.name($0) }) } else { names.formUnion(bound.map { tokens.name($0) }) }
            }
            index += 1
        }
    }

    /// Where the names a pattern after `let`, `var` or `for` binds are: `x`, `(a, b)`, `.circle(r)`, `case let x?`.
    static func pattern(_ tokens: SampleTokens, after keyword: Int, in range: Range<Int>) -> [Int] {
        pattern(tokens, at: keyword + 1, in: range)
    }

    /// Where the names the pattern starting at `start` binds are (`pattern(after:)` from its first token).
    static func pattern(_ tokens: SampleTokens, at start: Int, in range: Range<Int>) -> [Int] {
        var index = start
        while index < range.upperBound, tokens.kind(index) == .keyword || tokens.kind(index) == .identifier,
              SwiftKeywords.beforePattern.contains(tokens.text(index)) {
            index += 1
        }
        if tokens.is(index, "."), tokens.kind(index + 1) == .identifier { index += 2 }   // `let .circle(r)`
        if let group = tokens.tree.contents(of: index), tokens.opens(index, .parenthesis) {
            return group.filter { inner in
                tokens.kind(inner) == .identifier && !tokens.is(inner + 1, ":") && !tokens.is(inner - 1, ".")
                    && tokens.text(inner) != "_"
            }
        }
        guard index < range.upperBound, tokens.kind(index) == .identifier, tokens.text(index) != "_" else { return [] }
        return [index]
    }

    /// A function's, initializer's or subscript's parameter names: in each entry of its first
    /// `(…)`, the identifier before `:` (`from x: Int` binds `x`).
    private static func parameters(_ tokens: SampleTokens, _ head: DeclarationHead, before body: Int) -> [String] {
        guard let clause = tokens.tree.level((head.keyword + 1)..<body).first(where: { tokens.opens($0, .parenthesis) }),
              let inside = tokens.tree.contents(of: clause) else { return [] }
        return tokens.tree.level(inside).filter { index in
            tokens.kind(index) == .identifier && tokens.is(index + 1, ":") && tokens.text(index) != "_"
        }.map { tokens.name($0) }
    }

    /// `func f<T, U: P>`, `struct Box<Element>`, `init<S>`: the names between `<` and `>`.
    static func genericParameters(_ tokens: SampleTokens, _ head: DeclarationHead, in statement: Range<Int>) -> [String] {
        guard SwiftKeywords.genericDeclarations.contains(tokens.text(head.keyword)) else { return [] }
        var index = head.keyword + 1
        if tokens.kind(index) == .identifier || tokens.kind(index) == .operator, !tokens.is(index, "<") { index += 1 }
        guard tokens.kind(index) == .operator, tokens.text(index).hasPrefix("<"), !tokens.spaceBefore(index) else { return [] }
        var names: [String] = []
        var depth = 0
        while index < statement.upperBound {
            if tokens.kind(index) == .operator {
                depth += GenericDepth.change(tokens.text(index))
                if depth <= 0 { break }
            } else if tokens.kind(index) == .identifier, depth == 1,
                      tokens.is(index - 1, "<") || tokens.is(index - 1, ",") || tokens.is(index - 1, "let") {   // `<let n: Int>`
                names.append(tokens.name(index))
            } else if tokens.kind(index) == .punctuation, !tokens.is(index, ","), !tokens.is(index, ":"), !tokens.is(index, ".") {
                break
            }
            index += 1
        }
        return names
    }
}
