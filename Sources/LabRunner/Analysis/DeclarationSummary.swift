/// DocC's "Declaration" summary of an API: a listing of declarations without bodies that only
/// restates what a module the reader has already provides (`import DequeModule`, then
/// `@frozen struct Deque<Element>`). It is a listing, never a failure: `struct Deque<Element>`
/// without braces is not Swift to parse. Its names are the module's, so it shadows nothing (later
/// samples using `Deque` get the module's type, not "only a listing declares it"), and its
/// `import`s are the reader's imports for the samples after it (`GuidePlan`).
///
/// The module is the listing's own unconditional imports, or the module the file's samples use
/// without importing it (a DocC catalog's or a source file's target). Without either, a listing
/// that declares a type without braces is a summary still: that shape is DocC's alone. That the module really
/// declares those names is not checked here: nothing below the Compile stage can see a module
/// (the listing is not compiled either, so a wrong summary goes unnoticed: said in guides.md).
enum DeclarationSummary {
    /// Whether the summary can be parsed as an API listing is (`ListingSyntax`): no type, extension
    /// or protocol is declared without its braces.
    static func parses(_ symbols: SampleSymbols) -> Bool {
        let typeKeywords: Set<Substring> = ["struct", "class", "enum", "actor", "protocol", "extension"]
        return !symbols.items.lazy.flatMap(\.missingBodies).contains { missing in
            missing.declaration.split(separator: " ").contains { typeKeywords.contains($0) }
        }
    }

    /// The summary's reason when `symbols`, a listing for `reasons`, is one; nil otherwise.
    static func reason(_ symbols: SampleSymbols, listing reasons: [ListingReason], implicitModule: String?) -> ListingReason? {
        // Only declarations lacking bodies: a placeholder or a fragment is another kind of listing.
        guard !reasons.isEmpty, reasons.allSatisfy({ $0.kind == .declarationsWithoutBodies }) else { return nil }
        let declarations = symbols.items.filter { $0.kind != .import }
        guard !declarations.isEmpty, declarations.allSatisfy({ !$0.missingBodies.isEmpty && !$0.names.isEmpty }) else { return nil }
        var modules = symbols.imports.filter { !$0.isConditional }.map(\.module)
        if modules.isEmpty, let implicitModule { modules = [implicitModule] }
        let names = declarations.compactMap(\.names.first).joined(separator: ", ")
        let line = declarations[0].lines.lowerBound
        // A type without braces is DocC's "Declaration" shape, never Swift to parse, whether or not
        // the page says which module provides it (`public struct Heap<Element: Comparable>`).
        guard !modules.isEmpty else {
            return parses(symbols) ? nil : ListingReason(kind: .declarationSummary, description: "declaration summary: \(names)", line: line)
        }
        let provider = modules.count == 1 ? "\(modules[0]) provides" : "\(modules.joined(separator: " or ")) provide"
        return ListingReason(kind: .declarationSummary, description: "declaration summary: \(names), which \(provider)", line: line)
    }
}
