/// One sample's context being computed: a worklist of names and members to find among the earlier
/// samples' items (`ContextIndex`), each item found adding its own uses.
struct ContextClosure {
    let samples: [ContextSample]
    let index: ContextIndex
    /// Names the sample declares itself: never taken from earlier samples.
    let own: Set<String>
    /// `Type.member` and `Type: Protocol` keys of the sample's own extensions.
    let ownKeys: Set<TopLevelKey>
    private var chosen: [ItemReference: ContextReason] = [:]
    /// A queue, worked from `next`: the sample's own uses are found before what its context
    /// items use, so a reason names the sample's own use where it has one.
    private var pending: [(name: String, member: Bool, via: ItemReference?)] = []
    private var next = 0
    private var seen: Set<String> = []
    /// Names used that only an earlier listing declares (see `SampleContext.listingUses`).
    private(set) var listingUses: [ListingUse] = []

    init(samples: [ContextSample], index: ContextIndex, own: Set<String>, ownKeys: Set<TopLevelKey>) {
        self.samples = samples
        self.index = index
        self.own = own
        self.ownKeys = ownKeys
    }

    func item(_ reference: ItemReference) -> TopLevelItem { samples[reference.sample].symbols.items[reference.item] }

    /// Queues what `item` uses, sorted: reasons come out the same in every run (not in a set's hashed order).
    mutating func need(_ item: TopLevelItem, via: ItemReference?) {
        for name in item.uses.sorted() { pending.append((name, false, via)) }
        for member in item.memberUses.sorted() { pending.append((member, true, via)) }
    }

    /// Takes `reference` (if not taken yet) and queues its uses.
    mutating func add(_ reference: ItemReference, _ reason: ContextReason) {
        guard chosen[reference] == nil else { return }
        chosen[reference] = reason
        let taken = item(reference)
        need(taken, via: reference)
        for module in index.imports[reference.sample] ?? [] {
            let importReference = ItemReference(sample: reference.sample, item: module)
            if chosen[importReference] == nil {
                let symbols = samples[reference.sample].symbols
                let lines = symbols.items[module].lines
                let name = symbols.imports.first { lines.contains($0.line) }?.module ?? ""
                chosen[importReference] = ContextReason(kind: .imports, name: name, via: nil)
            }
        }
        if taken.kind?.isType == true || taken.kind == .typealias, let name = taken.names.first {
            for extensionReference in index.extensions[name] ?? [] where extensionReference.sample >= reference.sample {
                addExtension(extensionReference, ContextReason(kind: .extends, name: name, via: nil))
            }
        }
        if taken.kind == .protocol, let name = taken.names.first {
            for conformer in index.conformers[name] ?? [] where isOutside(item(conformer).extendedType) {
                addExtension(conformer, ContextReason(kind: .conformance, name: name, via: nil))
            }
        }
    }

    /// An extension, unless the sample itself declares one of its members or conformances.
    private mutating func addExtension(_ reference: ItemReference, _ reason: ContextReason) {
        guard ownKeys.isDisjoint(with: item(reference).topLevelKeys) else { return }
        add(reference, reason)
    }

    /// A type no earlier sample declares and the sample does not declare (`Int`, `Array`).
    private func isOutside(_ type: String?) -> Bool {
        guard let type else { return false }
        return index.declaring[type] == nil && !own.contains(type)
    }

    mutating func run() {
        while next < pending.count {
            let (name, member, via) = pending[next]
            next += 1
            guard seen.insert(member ? "." + name : name).inserted else { continue }
            if member {
                guard let provider = index.memberProviders[name], isOutside(item(provider).extendedType) else { continue }
                addExtension(provider, ContextReason(kind: .member, name: name, via: via))
            } else {
                guard !own.contains(name) else { continue }
                guard let (sample, items) = index.declaring[name] else {
                    if let listing = index.listingDeclaring[name] { listingUses.append(ListingUse(name: name, sample: listing)) }
                    continue
                }
                for number in items {
                    add(ItemReference(sample: sample, item: number), ContextReason(kind: .uses, name: name, via: via))
                }
            }
        }
    }

    /// The reader's session: for each `let`/`var` taken that is its name's latest declaration, the
    /// statements after it that change it, with what they use, until nothing more comes. A type
    /// taken brings those that change its static state (`SomeStructure.storedTypeProperty = …`).
    mutating func addSession() {
        var added = true
        while added {
            added = false
            for reference in chosen.keys.sorted() {
                let taken = item(reference)
                guard taken.kind == .let || taken.kind == .var || taken.kind?.isType == true else { continue }
                for name in taken.names where index.declaring[name]?.sample == reference.sample {
                    for statement in index.mutations[name] ?? [] where statement > reference && chosen[statement] == nil
                        && canRun(statement) {
                        add(statement, ContextReason(kind: .mutates, name: name, via: nil))
                        added = true
                    }
                }
            }
            run()
        }
    }

    /// A statement can run before the sample as it did before: it uses none of the sample's own
    /// names (declared after it here) and no name declared again after it (a later declaration
    /// would come after it), nor one that only a listing declares.
    private func canRun(_ statement: ItemReference) -> Bool {
        item(statement).uses.allSatisfy { name in
            if own.contains(name) { return false }
            if let declared = index.declaring[name] { return declared.sample <= statement.sample }
            return index.listingDeclaring[name] == nil
        }
    }

    /// The chosen items in program order, without what a later sample's chosen item replaces: an
    /// item declaring a name a later one declares too, an extension with a member or conformance
    /// a later extension of the same type has.
    func entries() -> [ContextEntry] {
        var declaredLater: [TopLevelKey: Int] = [:]   // name or key → the latest sample giving it
        var kept: [ContextEntry] = []
        for reference in chosen.keys.sorted().reversed() {
            let taken = item(reference)
            let names = taken.topLevelKeys
            // Overloads in one sample stay together; a later sample's declaration replaces them.
            guard !names.contains(where: { (declaredLater[$0] ?? reference.sample) > reference.sample }) else { continue }
            for name in names { declaredLater[name] = max(declaredLater[name] ?? reference.sample, reference.sample) }
            kept.append(ContextEntry(reference: reference, reason: chosen[reference] ?? ContextReason(kind: .uses, name: "", via: nil)))
        }
        return kept.reversed()
    }
}
