/// A guide's programs as planned before anything is built: what `run` packs, what `--shard`
/// weighs, and what `extract GUIDE:LINE` writes.
extension GuideRunner {
    /// The programs of `programs` (sample indices), as built when none fails: compatible samples
    /// packed together, a sample that runs or a package manifest alone.
    static func batches(_ plan: GuidePlan, programs: [Int]) -> ([Int: BatchCandidate], [[Int]]) {
        let referenced = Set(plan.contexts.flatMap(\.references))
        let candidates = Dictionary(uniqueKeysWithValues: programs.map { index in
            (index, BatchCandidate(sample: index, symbols: plan.symbols, context: plan.contexts[index],
                                   referenced: referenced, runs: runs(index, plan)))
        })
        let alone = { (index: Int) in runs(index, plan) || plan.samples[index].role == .manifest }
        let batches = SampleBatches.pack(programs.filter { !alone($0) }.compactMap { candidates[$0] })
            + programs.filter(alone).map { [$0] }
        return (candidates, batches)
    }

    /// The program that checks the sample at `line` alone (its context, then its code), as
    /// `extract guide.md:LINE` writes it for an editor.
    static func program(ofSampleAt line: Int, in plan: GuidePlan) throws(LabError) -> String {
        let sample = try plan.sample(at: line)
        let (candidates, _) = batches(plan, programs: [sample])
        return SampleProgram.source([sample], plan: plan, candidates: candidates, runs: runs(sample, plan) ? sample : nil)
    }

    /// How many swiftc runs checking `plan` takes when nothing fails: what `--shard` weighs.
    static func programCount(_ plan: GuidePlan) -> Int {
        let (programs, listings) = work(plan, Array(plan.samples.indices))
        return batches(plan, programs: programs).1.count + (listings.isEmpty ? 0 : 1)
    }

    /// Of `indices`, the samples that are built (programs, manifests) and the API listings whose
    /// syntax is checked (declarations without bodies; other listings are not Swift to parse).
    static func work(_ plan: GuidePlan, _ indices: [Int]) -> (programs: [Int], listings: [Int]) {
        var programs: [Int] = []
        var listings: [Int] = []
        for index in indices {
            switch plan.samples[index].role {
            case .program, .manifest: programs.append(index)
            case .listing(let reasons) where reasons[0].kind == .declarationsWithoutBodies: listings.append(index)
            case .listing, .skipped: break
            }
        }
        return (programs, listings)
    }

    static func runs(_ index: Int, _ plan: GuidePlan) -> Bool {
        if case .program(let runs) = plan.samples[index].role { runs && !plan.lab.scenarios.isEmpty } else { false }
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
        return try GuideRunner.program(ofSampleAt: line, in: GuidePlan(self, appleAvailable: Platform.hasSwiftUI))
    }
}
