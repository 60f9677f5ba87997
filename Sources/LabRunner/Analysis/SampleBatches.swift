/// Packs a file's samples into as few programs as possible, and splits a program that failed.
///
/// Samples share a program when what they put at the top level agrees: a name (or an extension's
/// `Type.member`, `Type: Protocol`) given by both comes from the same item, shared, not from two
/// (rustdoc's merged doctests are the model; Swift has no namespace per sample, so a clash keeps
/// samples apart), and no sample uses a name (or `.member`) that another one puts at the top
/// level without it being in its own context: it would compile in the batch and not alone. A sample's own `let`s, `var`s and statements run in a `do { … }` of their own
/// where that keeps their names apart (see `BatchCandidate.scoped`). Samples whose output is
/// checked share no `var`. A `@main` sample is alone, built with `-parse-as-library`. Pure: no swiftc.
package enum SampleBatches {
    /// Groups of sample indices, in sample order; every candidate in exactly one group.
    package static func pack(_ candidates: [BatchCandidate], maxSize: Int = 32) -> [[Int]] {
        var batches: [Batch] = []
        for candidate in candidates {
            if !candidate.alone, let index = batches.firstIndex(where: { $0.accepts(candidate, maxSize: maxSize) }) {
                batches[index].add(candidate)
            } else {
                var batch = Batch(alone: candidate.alone)
                batch.add(candidate)
                batches.append(batch)
            }
        }
        return batches.map(\.samples)
    }

    /// The program of one batch, piece by piece: for each sample in order, the context items no
    /// earlier piece gave, then its own top-level items, then its scoped ones, marked `scoped` (the
    /// caller wraps each sample's run of them in `do { … }`). A sample alone is laid out the same
    /// way, so its verdict does not depend on the samples it was packed with.
    package static func layout(_ batch: [Int], _ candidates: [Int: BatchCandidate]) -> [BatchPiece] {
        var emitted: Set<ItemReference> = []
        var pieces: [BatchPiece] = []
        for sample in batch {
            guard let candidate = candidates[sample] else { continue }
            for reference in candidate.context where emitted.insert(reference).inserted {
                pieces.append(BatchPiece(reference: reference, scoped: false, sample: sample))
            }
            let scoped = candidate.scoped
            for reference in candidate.own where !scoped.contains(reference) && emitted.insert(reference).inserted {
                pieces.append(BatchPiece(reference: reference, scoped: false, sample: sample))
            }
            for reference in candidate.own where scoped.contains(reference) && emitted.insert(reference).inserted {
                pieces.append(BatchPiece(reference: reference, scoped: true, sample: sample))
            }
        }
        return pieces
    }

    /// A batch being filled.
    private struct Batch {
        let alone: Bool
        var samples: [Int] = []
        var keys: [TopLevelKey: Set<ItemReference>] = [:]
        var mutable: Set<ItemReference> = []
        var mutableOfRunners: Set<ItemReference> = []
        var uses: Set<String> = []
        var memberUses: Set<String> = []

        init(alone: Bool) { self.alone = alone }

        func accepts(_ candidate: BatchCandidate, maxSize: Int) -> Bool {
            guard !alone, samples.count < maxSize else { return false }
            for (key, references) in candidate.keys {
                if let existing = keys[key] {
                    if existing != references { return false }
                } else if Self.reaches(key, uses, memberUses) {
                    return false   // a sample already here would see a declaration it was not given
                }
            }
            for key in keys.keys where candidate.keys[key] == nil {
                if Self.reaches(key, candidate.uses, candidate.memberUses) { return false }
            }
            let shared = candidate.runs ? mutable : mutableOfRunners
            return shared.isDisjoint(with: candidate.mutable)
        }

        /// Whether code using `uses` and `.memberUses` would refer to what `key` declares: a name,
        /// or an extension's `Type.member`. An initializer is reached by `Type(…)` too, and
        /// `appendInterpolation` by every string interpolation: such an extension changes what
        /// `Array<Int>(…)` or `"\(x)"` of another sample resolves to (ambiguities, in
        /// swift-evolution 0223 and 0477). A retroactive conformance reaches every sample.
        static func reaches(_ key: TopLevelKey, _ uses: Set<String>, _ memberUses: Set<String>) -> Bool {
            switch key {
            case .retroactive: return true
            case .conformance: return false
            case .name, .member: return reaches(written: key.description, uses, memberUses)
            }
        }

        /// A name or member as written, cut at its last `.`: an operator with a `.` inside
        /// (`..<`) reads as a member named by what follows it, as the string keys these typed
        /// ones replace were read (kept so that packing stays as it was).
        private static func reaches(written key: String, _ uses: Set<String>, _ memberUses: Set<String>) -> Bool {
            if let dot = key.lastIndex(of: "."), key.index(after: dot) < key.endIndex {
                let member = String(key[key.index(after: dot)...])
                if member == "appendInterpolation" { return true }
                if member == "init", uses.contains(String(key[..<dot])) { return true }
                return memberUses.contains(member)
            }
            return uses.contains(key)
        }

        mutating func add(_ candidate: BatchCandidate) {
            samples.append(candidate.sample)
            keys.merge(candidate.keys) { existing, _ in existing }
            mutable.formUnion(candidate.mutable)
            if candidate.runs { mutableOfRunners.formUnion(candidate.mutable) }
            uses.formUnion(candidate.uses)
            memberUses.formUnion(candidate.memberUses)
        }
    }
}

/// One item of a batch's program.
package struct BatchPiece: Sendable, Equatable {
    package let reference: ItemReference
    /// Goes into the `do { … }` of `sample`.
    package let scoped: Bool
    /// The sample it is emitted for (its own item, or context it needed first).
    package let sample: Int
}
