/// A sample's top-level items, read once by recursive descent over its token tree: each item's
/// tokens and head (attributes, modifiers, kind, names), a type's or extension's members (each
/// with its own), an `#if`'s items. The bodies of functions, accessors and closures stay opaque:
/// what they hold is read as uses (`UsesCollector`), never as items.
///
/// `SampleSymbols` makes its `TopLevelItem`s from it; `dump` shows it whole, for tests.
struct Outline {
    let items: [OutlineItem]

    /// Types nested deeper than this are not read for members (fuzzed input can nest without end).
    static let deepest = 32

    init(_ tokens: SampleTokens) {
        items = ItemSplitter.items(tokens, in: 0..<tokens.count).map { OutlineItem(tokens, $0, depth: 0) }
    }

    /// One line per item, `[line:column-line:column]` of its first and last token, members and an
    /// `#if`'s items indented below it.
    func dump(_ tokens: SampleTokens) -> String {
        var lines: [String] = []
        func add(_ item: OutlineItem, _ indent: String) {
            lines.append(indent + item.summary(tokens))
            for inner in item.conditionalItems ?? item.members ?? [] { add(inner, indent + "  ") }
        }
        for item in items { add(item, "") }
        return lines.joined(separator: "\n")
    }
}

/// One item of an `Outline`: a declaration, an `import`, a statement, a lone closer, or an
/// `#if … #endif` holding items.
struct OutlineItem {
    /// Its tokens, from its first attribute or modifier to its last token.
    let tokens: Range<Int>
    let head: DeclarationHead
    /// For a type or extension with a body: the items of its body in order (an `#if` among them
    /// holding its own); nil for anything else, and for a body nested deeper than `Outline.deepest`.
    let members: [OutlineItem]?
    /// For `#if … #endif`: the items of all its branches, in order; nil for anything else.
    let conditionalItems: [OutlineItem]?

    init(_ tokens: SampleTokens, _ range: Range<Int>, depth: Int) {
        self.tokens = range
        if tokens.kind(range.lowerBound) == .directive, tokens.text(range.lowerBound) == "#if" {
            head = DeclarationHead(keyword: range.lowerBound)
            members = nil
            conditionalItems = ItemSplitter.branches(tokens, in: range).flatMap { branch in
                ItemSplitter.items(tokens, in: branch).map { OutlineItem(tokens, $0, depth: depth) }
            }
            return
        }
        head = DeclarationReader.read(tokens, range)
        conditionalItems = nil
        guard let kind = head.kind, kind.isType || kind == .extension, let brace = head.body, depth < Outline.deepest else {
            members = nil
            return
        }
        let end = tokens.tree.closer(of: brace) ?? tokens.count
        members = ItemSplitter.items(tokens, in: (brace + 1)..<end).map { OutlineItem(tokens, $0, depth: depth + 1) }
    }

    var isConditional: Bool { conditionalItems != nil }

    /// The heads of this declaration and of its members at any depth (in `#if`s too), by their
    /// tokens: `UsesCollector` reads the same statements' scopes, and reading each head again
    /// was a tenth of the guide analysis.
    var heads: [Range<Int>: DeclarationHead] {
        var heads: [Range<Int>: DeclarationHead] = [:]
        func add(_ item: OutlineItem) {
            // An `#if`'s head is no reading of its tokens: only its items are.
            if !item.isConditional { heads[item.tokens] = item.head }
            for inner in item.conditionalItems ?? item.members ?? [] { add(inner) }
        }
        add(self)
        return heads
    }

    /// The members of a type's body with each `#if`'s items in its place, at any depth.
    var flattenedMembers: [OutlineItem]? {
        members.map { $0.flatMap { member in member.conditionalItems.map(OutlineItem.flatten) ?? [member] } }
    }

    private static func flatten(_ items: [OutlineItem]) -> [OutlineItem] {
        items.flatMap { item in item.conditionalItems.map(flatten) ?? [item] }
    }

    /// `[3:1-6:1] @main public struct App: Equatable {…}`.
    func summary(_ tokens: SampleTokens) -> String {
        let first = tokens.tokens[self.tokens.lowerBound]
        let last = tokens.tokens[self.tokens.upperBound - 1]
        var parts = ["[\(first.line):\(first.column)-\(last.line):\(last.column)]"]
        guard !isConditional else { return parts[0] + " #if" }
        parts += head.attributes.map { "@\($0)" } + head.modifiers
        let statement = "statement " + tokens.text(self.tokens.lowerBound)
        parts.append(head.kind.map { tokens.text(head.keyword) + ($0 == .extension ? " " + (head.extendedType ?? "?") : "") } ?? statement)
        if !head.names.isEmpty { parts.append(head.names.joined(separator: ", ")) }
        if head.kind == .import { parts.append(tokens.text(head.keyword + 1)) }   // an import declares no name
        var text = parts.joined(separator: " ")
        if !head.conformances.isEmpty { text += ": " + head.conformances.joined(separator: ", ") }
        if head.accessorRequirement != nil { text += " { requirement }" } else if head.body != nil { text += " {…}" }
        if tokens.tree.closesNothing(self.tokens.lowerBound) { text += " (closes nothing)" }
        return text
    }
}
