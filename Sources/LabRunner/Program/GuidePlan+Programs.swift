/// A guide's programs as planned before anything is built: what `run` packs, what `--shard`
/// weighs, and what `extract GUIDE:LINE` writes.
extension GuidePlan {
    /// The programs of `programs` (sample indices), as built when none fails: compatible samples
    /// packed together, a sample that runs or a package manifest alone.
    func batches(programs: [Int]) -> ([Int: BatchCandidate], [[Int]]) {
        // Only what a built sample is given must stay at the top level: a listing is never built
        // with its context, so its uses (`--color <color>` in help output) pin nothing (a local
        // `@Option var color` compiles in its `do { … }`, never at the top level).
        let built = samples.indices.filter { index in
            switch samples[index].role {
            case .program, .manifest: true
            case .listing, .skipped: false
            }
        }
        let referenced = Set(built.flatMap { contexts[$0].references })
        let candidates = Dictionary(uniqueKeysWithValues: programs.map { index in
            (index, BatchCandidate(sample: index, symbols: symbols, context: contexts[index],
                                   referenced: referenced, runs: runs(index)))
        })
        let alone = { (index: Int) in runs(index) || samples[index].role == .manifest }
        let batches = SampleBatches.pack(programs.filter { !alone($0) }.compactMap { candidates[$0] })
            + programs.filter(alone).map { [$0] }
        return (candidates, batches)
    }

    /// The program that checks the sample at `line` alone (its context, then its code), as
    /// `extract guide.md:LINE` writes it for an editor.
    func program(ofSampleAt line: Int) throws(LabError) -> String {
        let sample = try self.sample(at: line)
        let (candidates, _) = batches(programs: [sample])
        return SampleProgram.source([sample], plan: self, candidates: candidates, runs: runs(sample) ? sample : nil)
    }

    /// How many swiftc runs checking `plan` takes when nothing fails: what `--shard` weighs.
    var programCount: Int {
        let (programs, listings) = work(Array(samples.indices))
        return batches(programs: programs).1.count + (listings.isEmpty ? 0 : 1)
    }

    /// Of `indices`, the samples that are built (programs, manifests) and the API listings whose
    /// syntax is checked (declarations without bodies, declaration summaries whose types have their
    /// braces; other listings are not Swift to parse).
    func work(_ indices: [Int]) -> (programs: [Int], listings: [Int]) {
        var programs: [Int] = []
        var listings: [Int] = []
        for index in indices {
            switch samples[index].role {
            case .program, .manifest: programs.append(index)
            case .listing(let reasons) where reasons[0].kind == .declarationsWithoutBodies: listings.append(index)
            case .listing(let reasons) where reasons[0].kind == .declarationSummary && DeclarationSummary.parses(symbols[index]):
                listings.append(index)
            case .listing, .skipped: break
            }
        }
        return (programs, listings)
    }

    func runs(_ index: Int) -> Bool {
        if case .program(let runs) = samples[index].role { runs && !lab.scenarios.isEmpty } else { false }
    }
}

extension Lab {
    /// What `extract` writes for a guide: the program of the sample at `line`; nil for a lab
    /// named without a line (its one program). A line in a lab, or a guide without one, is an error.
    package func sampleProgram(at line: Int?) throws(LabError) -> String? {
        guard isGuide else {
            if let line { throw LabError(location(line: line), .lineInLab(why: kind.reason)) }
            return nil
        }
        guard let line else { throw LabError(location(line: 1), .guideNeedsLine(why: kind.reason, firstSample: cells.first?.line)) }
        return try GuidePlan(self, appleAvailable: Platform.hasSwiftUI).program(ofSampleAt: line)
    }
}
