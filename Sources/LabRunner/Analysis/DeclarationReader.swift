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

enum DeclarationReader {
    static func read(_ tokens: SampleTokens, _ item: Range<Int>) -> DeclarationHead {
        var head = DeclarationHead(keyword: item.lowerBound)
        var index = item.lowerBound
        while index < item.upperBound {
            if tokens.is(index, "@"), tokens.kind(index + 1) == .identifier {
                head.attributes.append(tokens.name(index + 1))
                index += 2
                if tokens.is(index, "("), !tokens.spaceBefore(index) { index = tokens.after(index) }
            } else if tokens.kind(index) == .identifier || tokens.kind(index) == .keyword, SwiftKeywords.modifiers.contains(tokens.text(index)),
                      !(tokens.text(index) == "class" && startsTypeName(tokens, index + 1)) {
                head.modifiers.append(tokens.text(index))
                index = afterModifier(tokens, index)
            } else {
                break
            }
        }
        guard index < item.upperBound, let kind = kind(tokens, at: index) else {
            // Words like `open` or `optional` were a name after all: a statement.
            head.attributes = []
            head.modifiers = []
            return head
        }
        head.kind = kind
        head.keyword = index
        let next = index + 1
        switch kind {
        case .struct, .class, .enum, .actor, .protocol, .typealias, .precedencegroup, .macro, .associatedtype:
            if tokens.kind(next) == .identifier { head.names = [tokens.name(next)] }
        case .func, .operator:
            if next < item.upperBound, [.identifier, .operator, .punctuation].contains(tokens.kind(next)) {
                head.names = [tokens.kind(next) == .identifier ? tokens.name(next) : tokens.text(next)]
            }
        case .let, .var:
            let binding = BindingReader.read(tokens, from: next, to: item.upperBound)
            head.names = binding.names
            head.body = binding.accessors
            if let accessors = binding.accessors, isRequirement(tokens, accessors) { head.accessorRequirement = accessors }
            return head
        case .enumCase:
            head.names = BindingReader.caseNames(tokens, from: next, to: item.upperBound)
        case .extension:
            if tokens.is(next, "[") {
                let inner = (next + 1)..<max(next + 1, tokens.after(next) - 1)
                head.extendedType = inner.contains(where: { tokens.is($0, ":") }) ? "Dictionary" : "Array"
            } else if tokens.kind(next) == .identifier {
                head.extendedType = tokens.name(next)
            }
        case .import, .initializer, .deinitializer, .subscript, .conditionalBlock:
            break
        }
        head.conformances = inheritance(tokens, from: next, to: item.upperBound)
        var current = next
        while current < item.upperBound {
            if tokens.is(current, "{") {
                head.body = current
                if kind == .subscript, isRequirement(tokens, current) { head.accessorRequirement = current }
                break
            }
            current = tokens.after(current)
        }
        return head
    }

    /// The index after the modifier at `index` and its argument: `private(set)`, `unowned(unsafe)`.
    /// `open(file)` is no modifier with an argument: only these words are arguments.
    static func afterModifier(_ tokens: SampleTokens, _ index: Int) -> Int {
        guard tokens.is(index + 1, "("), tokens.isIdentifier(index + 2, SwiftKeywords.modifierArguments), tokens.is(index + 3, ")") else {
            return index + 1
        }
        return index + 4
    }

    /// `class Foo`, not `class func`: a `class` followed by a name (or a keyword other than a declaration's).
    private static func startsTypeName(_ tokens: SampleTokens, _ index: Int) -> Bool {
        tokens.kind(index) == .identifier && !SwiftKeywords.modifiers.contains(tokens.text(index))
            && !(tokens.text(index) == "actor" && tokens.kind(index + 1) == .identifier)
    }

    private static func kind(_ tokens: SampleTokens, at index: Int) -> DeclarationKind? {
        switch tokens.kind(index) {
        case .keyword:
            // The kinds' raw values are their keywords; `actor` and `macro` are contextual, below.
            return DeclarationKind(rawValue: tokens.text(index))
        case .identifier:
            // `actor Name` and `macro name(…)` declare; `actor.run()` and `macro = 1` do not.
            guard tokens.kind(index + 1) == .identifier, !tokens.startsLine(index + 1) else { return nil }
            switch tokens.text(index) {
            case "actor": return .actor
            case "macro": return .macro
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `{ get }`, `{ get set }`, `{ mutating get async throws }`: accessors without bodies.
    static func isRequirement(_ tokens: SampleTokens, _ brace: Int) -> Bool {
        guard let end = tokens.tree.closer(of: brace), end > brace + 1 else { return false }
        return ((brace + 1)..<end).allSatisfy { SwiftKeywords.accessorRequirements.contains(tokens.text($0)) }
    }

    /// The first name of each entry of `: A, B.C, any D` after a type's name (and generic
    /// parameters), up to `where` or `{`.
    private static func inheritance(_ tokens: SampleTokens, from start: Int, to end: Int) -> [String] {
        var index = start
        var angle = 0
        while index < end, !tokens.is(index, "{"), !tokens.is(index, "where"), !tokens.is(index, "(") {
            if tokens.kind(index) == .operator { angle += GenericDepth.change(tokens.text(index)) }
            if angle <= 0, tokens.is(index, ":") { break }
            index += 1
        }
        guard tokens.is(index, ":") else { return [] }
        var names: [String] = []
        var expectingEntry = true
        index += 1
        angle = 0
        while index < end, !tokens.is(index, "{"), !tokens.is(index, "where") {
            if tokens.kind(index) == .operator { angle += GenericDepth.change(tokens.text(index)) }
            if angle <= 0, tokens.is(index, ",") {
                expectingEntry = true
            } else if expectingEntry, tokens.kind(index) == .identifier, !SwiftKeywords.typePrefixes.contains(tokens.text(index)) {
                names.append(tokens.name(index))
                expectingEntry = false
            } else if expectingEntry, tokens.kind(index) == .operator, tokens.text(index).hasPrefix("~") {
                expectingEntry = false   // `~Copyable` suppresses a conformance
            }
            index = tokens.after(index)
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
