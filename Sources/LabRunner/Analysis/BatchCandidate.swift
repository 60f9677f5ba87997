/// One sample as `SampleBatches` packs it: what it puts at the top level of a program (its own
/// declarations and its context, by item), and which of its own items can run in a scope of its
/// own (`do { … }`), where their names cannot clash with another sample's.
package struct BatchCandidate: Sendable, Equatable {
    package let sample: Int
    /// Context items, in program order.
    package let context: [ItemReference]
    /// The sample's own items, in order.
    package let own: [ItemReference]
    /// Own items that go into the sample's `do { … }` when it shares a program: `let`/`var`
    /// without modifiers and statements, when no top-level item needs them. Empty when the
    /// sample keeps its own order at the top level (it runs, it is `@main`, or a statement must
    /// stay there).
    package let scoped: Set<ItemReference>
    /// Top-level key → the items giving it.
    package let keys: [TopLevelKey: Set<ItemReference>]
    /// Top-level `var`s in the program: state that samples which run must not share.
    package let mutable: Set<ItemReference>
    /// Names and `.members` its own and context items use: another sample's top-level declaration
    /// of one of them would change what it refers to.
    package let uses: Set<String>
    package let memberUses: Set<String>
    /// Its output is checked, so it runs: its items keep their order, its state is its own.
    package let runs: Bool
    /// `@main`: built alone with `-parse-as-library`.
    package let alone: Bool

    /// `referenced`: the items any sample of the file has in its context (those stay at the top level).
    package init(sample: Int, symbols: [SampleSymbols], context: SampleContext, referenced: Set<ItemReference>, runs: Bool) {
        let items = symbols[sample].items
        let own = items.indices.map { ItemReference(sample: sample, item: $0) }
        self.sample = sample
        self.context = context.references
        self.own = own
        self.runs = runs
        self.alone = symbols[sample].hasMain
        // A `@main` program is built with `-parse-as-library`: no statement, so no `do { … }`.
        let scoped = runs || alone ? [] : BatchCandidate.scopable(items, own, referenced)
        self.scoped = scoped
        var keys: [TopLevelKey: Set<ItemReference>] = [:]
        var mutable: Set<ItemReference> = []
        var uses: Set<String> = []
        var memberUses: Set<String> = []
        // Each item fetched once: reaching one through `symbols[…].items[…]` copies the sample's
        // symbols and the item (a dozen retains) in a debug build.
        let references = context.references + own
        let fetched = references.map { symbols[$0.sample].items[$0.item] }
        var declared: Set<String> = []
        for item in fetched { declared.formUnion(item.names) }
        for (reference, item) in zip(references, fetched) {
            uses.formUnion(item.uses)
            memberUses.formUnion(item.memberUses)
            guard !scoped.contains(reference) else { continue }
            for key in item.topLevelKeys { keys[key, default: []].insert(reference) }
            // A conformance of a type its program does not declare (`extension EnumeratedSequence:
            // LazySequenceProtocol`) changes code that never names it: see `SampleBatches.reaches`.
            if item.kind == .extension, let type = item.extendedType, !item.conformances.isEmpty, !declared.contains(type) {
                keys[.retroactive(type: type), default: []].insert(reference)
            }
            if item.kind == .var { mutable.insert(reference) }
        }
        self.keys = keys
        self.mutable = mutable
        self.uses = uses
        self.memberUses = memberUses
    }

    /// Own `let`/`var`s and statements that can run in a local scope: not used by a top-level
    /// item of the sample (directly or through another), not in any sample's context (a statement
    /// declaring nothing may be). None when
    /// a statement would have to stay at the top level (its order among declarations matters).
    private static func scopable(_ items: [TopLevelItem], _ own: [ItemReference], _ referenced: Set<ItemReference>) -> Set<ItemReference> {
        func movable(_ item: TopLevelItem, _ reference: ItemReference) -> Bool {
            // A statement that declares nothing can be another sample's context (the reader's
            // session) and still run in this sample's scope: a sample given it in the same
            // program needs nothing of it to compile, and one in another program has its own copy.
            guard !referenced.contains(reference) || (item.isStatement && item.names.isEmpty) else { return false }
            return item.isStatement || ((item.kind == .let || item.kind == .var) && item.modifiers.isEmpty)
        }
        var fixed = Set(items.indices.filter { !movable(items[$0], own[$0]) })
        var changed = true
        while changed {
            changed = false
            let needed = Set(fixed.flatMap { items[$0].uses })
            for index in items.indices where !fixed.contains(index) && !needed.isDisjoint(with: items[index].names) {
                fixed.insert(index)
                changed = true
            }
        }
        if fixed.contains(where: { items[$0].isStatement }) { return [] }
        return Set(items.indices.filter { !fixed.contains($0) }.map { own[$0] })
    }
}
