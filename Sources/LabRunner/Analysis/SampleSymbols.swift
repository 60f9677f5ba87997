/// A Swift sample's top-level items (declarations, imports, statements), found with the lexer,
/// without swiftc: what the sample declares, what it uses, what it imports.
///
/// Any input gives an answer: text that is not Swift becomes statements, and `ListingClassifier`
/// tells a sample that is not a program.
package struct SampleSymbols: Sendable {
    /// The sample's code as UTF-8 (what `TopLevelItem.range` addresses).
    package let code: [UInt8]
    /// In source order.
    package let items: [TopLevelItem]
    package let imports: [SampleImport]
    let tokens: SampleTokens
    /// What `items` are made from: one outline item per top-level item, in the same order.
    let outline: Outline

    package init(code: String) { self.init(bytes: Array(code.utf8)) }

    package init(bytes: [UInt8]) {
        let tokens = SampleTokens(bytes)
        let outline = Outline(tokens)
        let items = outline.items.map { SampleSymbols.item(tokens, $0) }
        self.code = bytes
        self.tokens = tokens
        self.outline = outline
        self.items = items
        self.imports = SampleSymbols.imports(tokens, outline.items.map(\.tokens), items)
    }

    /// The first unmatched bracket (`BracketBalance`): a sample with one would swallow what follows it.
    package var bracketProblem: BracketProblem? { tokens.bracketProblem }

    package var declarations: [TopLevelItem] { items.filter(\.isDeclaration) }
    package var statements: [TopLevelItem] { items.filter(\.isStatement) }
    /// Every name the sample declares at the top level.
    package var declaredNames: Set<String> { Set(items.flatMap(\.names)) }
    /// The sample has an `@main` type: it is built alone with `-parse-as-library`.
    package var hasMain: Bool { items.contains(where: \.isMain) }

    private static func item(_ tokens: SampleTokens, _ outlined: OutlineItem) -> TopLevelItem {
        let range = outlined.tokens
        if let inner = outlined.conditionalItems { return conditional(tokens, range, inner.map { item(tokens, $0) }) }
        let head = outlined.head
        let contents = BodyReader.read(tokens, outlined)
        var names = head.names
        if head.kind == nil, tokens.is(range.lowerBound, "guard") { names = guardBindings(tokens, range) }
        let uses = UsesCollector.collect(tokens, in: range, excluding: names, heads: head.kind == nil ? [:] : outlined.heads)
        var made = TopLevelItem(
            kind: head.kind, range: byteRange(tokens, range), lines: lines(tokens, range),
            column: tokens.tokens[range.lowerBound].column, names: names, extendedType: head.extendedType,
            conformances: head.conformances, memberNames: contents.memberNames, attributes: head.attributes,
            modifiers: head.modifiers, missingBodies: contents.missingBodies, uses: uses.names, memberUses: uses.members,
            placeholders: tokens.placeholders.filter { range.contains($0) }.map { tokens.text($0) })
        if head.kind == nil {
            made.mutates = MutationReader.mutated(tokens, in: range, uses: uses.names)
            made.startsTask = startsTask(tokens, from: range.lowerBound, range)
        } else if head.kind == .let || head.kind == .var, names.count == 1,
                  let equals = tokens.tree.level(range).first(where: { tokens.is($0, "=") }) {
            made.startsTask = startsTask(tokens, from: equals + 1, range)
        }
        return made
    }

    /// `Task { … }`, `Task(priority: .high) { … }`, `Task.detached { … }` from `start` to the
    /// item's end: the statement, or the one binding's initializer, creates a task (`Task` the
    /// concurrency library's, unless the program declares its own: `SampleProgram` checks that).
    private static func startsTask(_ tokens: SampleTokens, from start: Int, _ range: Range<Int>) -> Bool {
        var next = start
        guard tokens.isIdentifier(next, ["Task"]) else { return false }
        next += 1
        if tokens.is(next, "."), tokens.isIdentifier(next + 1, ["detached"]) { next += 2 }
        if tokens.opens(next, .parenthesis), !tokens.spaceBefore(next) { next = tokens.after(next) }
        guard tokens.opens(next, .brace) else { return false }
        return tokens.after(next) == range.upperBound
    }

    /// `#if … #endif`, taken whole: it declares what its branches declare.
    private static func conditional(_ tokens: SampleTokens, _ range: Range<Int>, _ inner: [TopLevelItem]) -> TopLevelItem {
        let declares = inner.contains(where: \.isDeclaration)
        let kind: DeclarationKind? = declares ? .conditionalBlock : inner.contains(where: { $0.kind == .import }) ? .import : nil
        var uses = Set(inner.flatMap(\.uses))
        uses.subtract(inner.flatMap(\.names))
        return TopLevelItem(
            kind: kind, range: byteRange(tokens, range), lines: lines(tokens, range), column: tokens.tokens[range.lowerBound].column,
            names: inner.flatMap(\.names), extendedType: nil, conformances: [], memberNames: inner.flatMap(\.memberNames),
            attributes: inner.flatMap(\.attributes), modifiers: [], missingBodies: inner.flatMap(\.missingBodies),
            uses: uses, memberUses: Set(inner.flatMap(\.memberUses)), placeholders: inner.flatMap(\.placeholders))
    }

    /// `guard let x = a, case let (y, z)? = b else {…}` at the top level binds `x`, `y` and `z` there:
    /// the patterns after its `let`s and `var`s before `else`, at its own level.
    private static func guardBindings(_ tokens: SampleTokens, _ range: Range<Int>) -> [String] {
        let conditions = tokens.tree.level(range).dropFirst().prefix { !tokens.is($0, "else") }
        return conditions.filter { tokens.isKeyword($0, SwiftKeywords.bindingKeywords) }.flatMap { keyword in
            ScopeBindings.pattern(tokens, after: keyword, in: range).map { tokens.name($0) }
        }
    }

    /// Unconditional `import`s at the top level, and those inside `#if` (conditional). A
    /// placeholder (`import <#module#>`) names no module.
    private static func imports(_ tokens: SampleTokens, _ ranges: [Range<Int>], _ items: [TopLevelItem]) -> [SampleImport] {
        var imports: [SampleImport] = []
        for (range, item) in zip(ranges, items) where item.kind == .import || item.kind == .conditionalBlock {
            let conditional = item.kind == .conditionalBlock || tokens.kind(range.lowerBound) == .directive
            for index in range where tokens.is(index, "import") {
                var module = index + 1
                if tokens.kind(module) == .keyword || tokens.isIdentifier(module, ["actor"]) { module += 1 }   // `import struct M.T`
                guard module < range.upperBound, tokens.kind(module) == .identifier else { continue }
                imports.append(SampleImport(module: tokens.name(module), line: tokens.tokens[index].line, isConditional: conditional))
            }
        }
        return imports
    }

    private static func byteRange(_ tokens: SampleTokens, _ range: Range<Int>) -> Range<Int> {
        tokens.tokens[range.lowerBound].range.lowerBound..<tokens.tokens[range.upperBound - 1].range.upperBound
    }

    private static func lines(_ tokens: SampleTokens, _ range: Range<Int>) -> ClosedRange<Int> {
        tokens.tokens[range.lowerBound].line...max(tokens.tokens[range.lowerBound].line, tokens.endLines[range.upperBound - 1])
    }
}

/// A module a sample imports: `import Foundation`, `@testable import Foo`, `import struct Foo.Bar`.
package struct SampleImport: Sendable, Equatable {
    package let module: String
    /// 1-based line in the sample's code.
    package let line: Int
    /// Inside `#if` (usually `#if canImport(M)`): the sample does not need the module.
    package let isConditional: Bool
}
