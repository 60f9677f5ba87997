/// The context rule: each sample of a file gets, from the samples before it, the top-level items
/// declaring the names it uses, transitively, the latest declaring sample winning (all its
/// overloads of the name), never an earlier declaration of a name the sample declares itself.
/// A type brings the extensions of it made at or after its declaration; an extension of a type no
/// sample declares (`extension Int`) comes when the sample uses one of its members or a protocol
/// it conforms to; the `import`s of every sample drawn from come along. A declaration summary
/// declares nothing (its names are a module's, `DeclarationSummary`). Other listings, samples whose
/// brackets do not balance and incomplete items (`@main`, placeholders, missing bodies) give no
/// context; a name only they declare is noted (`SampleContext.listingUses`).
///
/// The reader's session: a `let` or `var` (or a type, for its static state) given to a sample
/// that runs brings the earlier top-level statements that change it after that declaration
/// (`fruits[1] = "grapes"`, `fruits.append(…)`, `MutationReader`), in source order, with what
/// they use, as the reader ran them before the sample. A statement that would use one of the sample's own names, or a name declared again
/// after it, is left out (it could not run where it stood).
package enum ContextResolver {
    package static func resolve(_ samples: [ContextSample]) -> [SampleContext] {
        var index = ContextIndex()
        var contexts: [SampleContext] = []
        for (number, sample) in samples.enumerated() {
            contexts.append(context(of: number, sample, samples, index, contexts))
            // A sample whose brackets do not balance would swallow what follows it: it fails
            // alone and, like a listing, gives nothing.
            if sample.isSummary {
                // Its names are the module's, not its own: a later sample using one gets the module's.
            } else if sample.isListing || sample.symbols.bracketProblem != nil {
                index.addListing(sample.symbols, as: number)
            } else {
                index.add(sample.symbols, as: number, fresh: sample.directive == .fresh)
            }
            if let label = sample.label { index.labels[label] = number }
        }
        return contexts
    }

    private static func context(of number: Int, _ sample: ContextSample, _ samples: [ContextSample],
                                _ index: ContextIndex, _ earlier: [SampleContext]) -> SampleContext {
        if sample.directive == .fresh { return SampleContext(sample: number, entries: [], unknownLabel: nil) }
        let items = sample.symbols.items
        var closure = ContextClosure(samples: samples, index: index, own: sample.symbols.declaredNames,
                                     ownKeys: Set(items.filter { $0.kind == .extension }.flatMap(\.topLevelKeys)))
        var unknownLabel: String? = nil
        if case .continues(let label) = sample.directive {
            if let continued = index.labels[label] {
                for item in samples[continued].symbols.items.indices {
                    closure.add(ItemReference(sample: continued, item: item), ContextReason(kind: .continues, name: label, via: nil))
                }
                for entry in earlier[continued].entries {
                    closure.add(entry.reference, ContextReason(kind: .continues, name: label, via: nil))
                }
            } else {
                unknownLabel = label
            }
        }
        for item in items { closure.need(item, via: nil) }
        closure.run()
        // Only a run depends on what earlier statements did; a sample only compiled would get
        // declarations it does not need, which pin names to the top level of shared programs.
        if sample.runs { closure.addSession() }
        var context = SampleContext(sample: number, entries: closure.entries(), unknownLabel: unknownLabel)
        context.listingUses = closure.listingUses.sorted { $0.name < $1.name }
        return context
    }
}

/// The earlier samples' items by what they declare, built up sample by sample.
struct ContextIndex {
    /// Name → the latest sample declaring it, with its items declaring it (several for overloads).
    var declaring: [String: (sample: Int, items: [Int])] = [:]
    /// Extended type → its extensions, in order.
    var extensions: [String: [ItemReference]] = [:]
    /// Member name → the latest extension declaring it.
    var memberProviders: [String: ItemReference] = [:]
    /// Protocol → extensions that conform a type to it.
    var conformers: [String: [ItemReference]] = [:]
    /// Sample index → its `import` items.
    var imports: [Int: [Int]] = [:]
    var labels: [String: Int] = [:]
    /// Name → the latest listing declaring it, for names no later program declares.
    var listingDeclaring: [String: Int] = [:]
    /// Name → the statements changing it (`TopLevelItem.mutates`), in order.
    var mutations: [String: [ItemReference]] = [:]

    /// A listing gives no items, only the knowledge of what it declares.
    /// Declarations of one name a sample's context takes together: overloads and their operator.
    private static func comesTogether(_ kind: DeclarationKind) -> Bool { kind == .func || kind == .operator }

    mutating func addListing(_ symbols: SampleSymbols, as sample: Int) {
        for name in symbols.declaredNames { listingDeclaring[name] = sample }
    }

    /// `fresh`: the sample started from nothing, so its statements change only what it declares itself.
    mutating func add(_ symbols: SampleSymbols, as sample: Int, fresh: Bool = false) {
        for (number, item) in symbols.items.enumerated() {
            if item.isStatement, item.isComplete {
                for name in item.mutates.sorted() where !fresh || symbols.declaredNames.contains(name) {
                    mutations[name, default: []].append(ItemReference(sample: sample, item: number))
                }
            }
            if item.isComplete { for name in item.names { listingDeclaring[name] = nil } }
            let reference = ItemReference(sample: sample, item: number)
            if item.kind == .import { imports[sample, default: []].append(number) }
            guard item.isComplete else { continue }
            for name in Set(item.names) {
                // Functions overload, and an operator's functions need its declaration: a sample's
                // declarations of `f` or `+` come together. Anything else declared twice in one
                // sample: the later one.
                if let earlier = declaring[name], earlier.sample == sample, item.kind.map(Self.comesTogether) == true,
                   earlier.items.allSatisfy({ symbols.items[$0].kind.map(Self.comesTogether) == true }) {
                    declaring[name]?.items.append(number)
                } else {
                    declaring[name] = (sample, [number])
                }
            }
            guard item.kind == .extension, let type = item.extendedType else { continue }
            extensions[type, default: []].append(reference)
            for member in item.memberNames { memberProviders[member] = reference }
            for conformance in item.conformances { conformers[conformance, default: []].append(reference) }
        }
    }
}
