/// Reads one item's head: its attributes, modifiers, declaration keyword, the names it declares,
/// an extension's type, an inheritance clause and where its body opens.
struct DeclarationHead {
    var attributes: [String] = []
    var modifiers: [String] = []
    var kind: DeclarationKind? = nil
    /// Index of the declaration keyword (or of the item's first token for a statement).
    var keyword: Int
    var names: [String] = []
    var extendedType: String? = nil
    var conformances: [String] = []
    /// Index of the `{` that opens a type's, function's or accessors' body.
    var body: Int? = nil
    /// Index of an accessor block holding only `get`/`set` (a requirement, no body).
    var accessorRequirement: Int? = nil
}

/// Reads a `DeclarationHead` from the item's tokens at its own depth (`TokenTree.level`): each
/// bracket group is one step, read inside with `contents(of:)` where it matters.
enum DeclarationReader {
    static func read(_ tokens: SampleTokens, _ item: Range<Int>) -> DeclarationHead {
        var head = DeclarationHead(keyword: item.lowerBound)
        guard mayDeclare(tokens, item.lowerBound) else { return head }
        let prefix = Prefix(tokens, tokens.tree.level(item)[...])
        guard let keyword = prefix.rest.first, let kind = kind(tokens, at: keyword, before: prefix.rest.dropFirst().first) else {
            // Words like `open` or `optional` were a name after all: a statement.
            return head
        }
        head.attributes = prefix.attributes
        head.modifiers = prefix.modifiers
        head.kind = kind
        head.keyword = keyword
        let rest = prefix.rest.dropFirst()
        switch kind {
        case .struct, .class, .enum, .actor, .protocol, .typealias, .precedencegroup, .macro, .associatedtype:
            if let name = rest.first, tokens.kind(name) == .identifier { head.names = [tokens.name(name)] }
        case .func, .operator:
            if let name = rest.first, [.identifier, .operator, .punctuation].contains(tokens.kind(name)) {
                head.names = [tokens.kind(name) == .identifier ? tokens.name(name) : operatorName(tokens, name, rest.dropFirst().first)]
            }
        case .let, .var:
            let binding = BindingReader.read(tokens, rest, in: item)
            head.names = binding.names
            head.body = binding.accessors
            if let accessors = binding.accessors, isRequirement(tokens, accessors) { head.accessorRequirement = accessors }
            return head
        case .enumCase:
            head.names = BindingReader.caseNames(tokens, rest)
        case .extension:
            head.extendedType = rest.first.flatMap { extendedType(tokens, $0) }
        case .import, .initializer, .deinitializer, .subscript, .conditionalBlock:
            break
        }
        head.conformances = inheritance(tokens, rest)
        if let brace = rest.first(where: { tokens.opens($0, .brace) }) {
            head.body = brace
            if kind == .subscript, isRequirement(tokens, brace) { head.accessorRequirement = brace }
        }
        return head
    }

    /// False when the item starting at `start` is surely a statement: it starts with no
    /// attribute, modifier or declaration keyword, so `read` would find no kind. Most items a
    /// scope holds are statements (`print(x)`, `if …`), and this spares them reading their level.
    private static func mayDeclare(_ tokens: SampleTokens, _ start: Int) -> Bool {
        switch tokens.kind(start) {
        case .punctuation:
            return tokens.is(start, "@")
        case .keyword:
            let text = tokens.text(start)
            return DeclarationKind(rawValue: text) != nil || SwiftKeywords.modifiers.contains(text)
        case .identifier:
            return tokens.is(start, "actor") || tokens.is(start, "macro") || SwiftKeywords.modifiers.contains(tokens.text(start))
        default:
            return false
        }
    }

    /// The attributes and modifiers an item starts with (`@MainActor public final`), and the
    /// steps after them.
    struct Prefix {
        var attributes: [String] = []
        var modifiers: [String] = []
        var rest: ArraySlice<Int>

        init(_ tokens: SampleTokens, _ level: ArraySlice<Int>) {
            rest = level
            while let first = rest.first {
                if tokens.is(first, "@"), let name = rest.dropFirst().first, tokens.kind(name) == .identifier {
                    rest = rest.dropFirst(2)
                    attributes.append(tokens.name(Prefix.skipQualifiedName(tokens, &rest, after: name)))
                    Prefix.skipGenericArguments(tokens, &rest)
                    // `@available(…)`: the arguments touch the name.
                    if let arguments = rest.first, tokens.opens(arguments, .parenthesis), !tokens.spaceBefore(arguments) {
                        rest = rest.dropFirst()
                    }
                } else if isModifier(tokens, first), !(tokens.is(first, "class") && startsTypeName(tokens, rest.dropFirst())) {
                    modifiers.append(tokens.text(first))
                    rest = DeclarationReader.afterModifier(tokens, rest)
                } else {
                    break
                }
            }
        }

        /// `@Swift.Lazy`: the steps of `.Name` after an attribute's first name; its last name.
        private static func skipQualifiedName(_ tokens: SampleTokens, _ rest: inout ArraySlice<Int>, after name: Int) -> Int {
            var last = name
            while let dot = rest.first, tokens.is(dot, "."), !tokens.spaceBefore(dot),
                  let next = rest.dropFirst().first, tokens.kind(next) == .identifier {
                last = next
                rest = rest.dropFirst(2)
            }
            return last
        }

        /// `@Lazy<Int>`: generic arguments touching an attribute's name, to the `>` that closes them.
        private static func skipGenericArguments(_ tokens: SampleTokens, _ rest: inout ArraySlice<Int>) {
            guard let open = rest.first, tokens.kind(open) == .operator, tokens.text(open).hasPrefix("<"),
                  !tokens.spaceBefore(open) else { return }
            var depth = 0
            while let index = rest.first {
                rest = rest.dropFirst()
                if tokens.kind(index) == .operator { depth += GenericDepth.change(tokens.text(index)) }
                if depth <= 0 { return }
            }
        }
    }

    private static func isModifier(_ tokens: SampleTokens, _ index: Int) -> Bool {
        tokens.isKeyword(index, SwiftKeywords.modifiers) || tokens.isIdentifier(index, SwiftKeywords.modifiers)
    }

    /// The steps after the modifier `level` starts with and its argument: `private(set)`,
    /// `unowned(unsafe)`. `open(file)` is no modifier with an argument: only these words are arguments.
    private static func afterModifier(_ tokens: SampleTokens, _ level: ArraySlice<Int>) -> ArraySlice<Int> {
        let rest = level.dropFirst()
        guard let group = rest.first, tokens.opens(group, .parenthesis), let inside = tokens.tree.contents(of: group),
              inside.count == 1, tokens.isIdentifier(inside.lowerBound, SwiftKeywords.modifierArguments),
              tokens.is(inside.upperBound, ")") else { return rest }
        return rest.dropFirst()
    }

    /// `class Foo`, not `class func`: a `class` followed by a name (or a keyword other than a declaration's).
    private static func startsTypeName(_ tokens: SampleTokens, _ rest: ArraySlice<Int>) -> Bool {
        guard let name = rest.first, tokens.kind(name) == .identifier, !isModifier(tokens, name) else { return false }
        return !(tokens.is(name, "actor") && rest.dropFirst().first.map { tokens.kind($0) == .identifier } == true)
    }

    /// The kind of declaration `index` starts, given the step after it.
    private static func kind(_ tokens: SampleTokens, at index: Int, before next: Int?) -> DeclarationKind? {
        switch tokens.kind(index) {
        case .keyword:
            // The kinds' raw values are their keywords; `actor` and `macro` are contextual, below.
            return DeclarationKind(rawValue: tokens.text(index))
        case .identifier:
            // `actor Name` and `macro name(…)` declare; `actor.run()` and `macro = 1` do not.
            guard let next, tokens.kind(next) == .identifier, !tokens.startsLine(next) else { return nil }
            if tokens.is(index, "actor") { return .actor }
            if tokens.is(index, "macro") { return .macro }
            return nil
        default:
            return nil
        }
    }

    /// `func ==<T>(…)` names `==`: the lexer reads `==<` as one operator, Swift splits the `<`
    /// that opens generic parameters off it.
    private static func operatorName(_ tokens: SampleTokens, _ index: Int, _ next: Int?) -> String {
        let text = tokens.text(index)
        guard text.count > 1, text.hasSuffix("<"), let next, tokens.kind(next) == .identifier, !tokens.spaceBefore(next) else {
            return text
        }
        return String(text.dropLast())
    }

    /// `extension Point`, `extension [Int]` (Array), `extension [String: Int]` (Dictionary).
    private static func extendedType(_ tokens: SampleTokens, _ index: Int) -> String? {
        if tokens.opens(index, .square), let inside = tokens.tree.contents(of: index) {
            return tokens.tree.level(inside).contains(where: { tokens.is($0, ":") }) ? "Dictionary" : "Array"
        }
        return tokens.kind(index) == .identifier ? tokens.name(index) : nil
    }

    /// `{ get }`, `{ get set }`, `{ mutating get async throws }`: accessors without bodies.
    static func isRequirement(_ tokens: SampleTokens, _ brace: Int) -> Bool {
        guard tokens.tree.closer(of: brace) != nil, let inside = tokens.tree.contents(of: brace), !inside.isEmpty else { return false }
        return inside.allSatisfy { SwiftKeywords.accessorRequirements.contains(tokens.text($0)) }
    }

    /// The first name of each entry of `: A, B.C, any D` after a type's name (and generic
    /// parameters), up to `where` or `{`; none when a `(` comes first (a function's parameters).
    private static func inheritance(_ tokens: SampleTokens, _ level: ArraySlice<Int>) -> [String] {
        let clause = level.prefix { !tokens.opens($0, .brace) && !tokens.is($0, "where") }
        var angle = 0
        guard let colon = clause.firstIndex(where: { index in
            if tokens.kind(index) == .operator { angle += GenericDepth.change(tokens.text(index)) }
            return angle <= 0 && tokens.is(index, ":")
        }), !clause[..<colon].contains(where: { tokens.opens($0, .parenthesis) }) else { return [] }
        var names: [String] = []
        var expectingEntry = true
        angle = 0
        for index in clause[colon...].dropFirst() {
            if tokens.kind(index) == .operator { angle += GenericDepth.change(tokens.text(index)) }
            if angle <= 0, tokens.is(index, ",") {
                expectingEntry = true
            } else if expectingEntry, tokens.kind(index) == .identifier, !SwiftKeywords.typePrefixes.contains(tokens.text(index)) {
                names.append(tokens.name(index))
                expectingEntry = false
            } else if expectingEntry, tokens.kind(index) == .operator, tokens.text(index).hasPrefix("~") {
                expectingEntry = false   // `~Copyable` suppresses a conformance
            }
        }
        return names
    }
}

/// How `<` and `>` in an operator token change the depth of generic arguments (`>>` closes two).
enum GenericDepth {
    static func change(_ text: String) -> Int {
        guard text != "->" else { return 0 }
        var change = 0
        for byte in text.utf8 {
            if byte == SwiftASCII.less { change += 1 } else if byte == SwiftASCII.greater { change -= 1 }
        }
        return change
    }
}
