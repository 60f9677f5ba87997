/// `--shard K/N`: a deterministic 1/N of the labs, balanced by what they need built, so a CI
/// matrix can split a large tree.
///
/// Each file weighs the programs it needs built (`weight(of:)`), judged from its content alone:
/// never from the compile cache or the platform, or machines would split differently. Files are
/// taken in path order, each to the shard with the least weight so far (then the fewest files,
/// then the lowest number). Every machine computes the same split from the same tree, the N
/// shards together hold every file exactly once, and with equal weights it is round-robin.
package struct Shard: Sendable, Equatable {
    /// 1-based.
    let index: Int
    let count: Int

    package init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
              count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// The programs a lab needs built: its program when it has program cells (Apple-only ones
    /// included, so macOS and Linux agree), plus each `standalone`, `compile_fail` and `no_run`
    /// cell. A file without Swift cells (a README), or one that is not a valid lab, weighs 0.
    /// A guide weighs the programs its samples pack into (`SampleBatches`), plus one for its API
    /// listings' syntax check, as if SwiftUI were available (so every platform agrees).
    static func weight(of lab: Lab) -> Int {
        guard lab.isGuide else { return (lab.compiledCells.isEmpty ? 0 : 1) + lab.cellsBuiltApart.count }
        // A plan that fails is the guide's input error: the run reports it and builds nothing,
        // so it costs nothing, and weight only orders files: it still lands in one shard.
        guard let plan = try? GuidePlan(lab, appleAvailable: true) else { return 0 }
        return plan.programCount
    }

    /// This shard's files, in path order.
    func select(_ files: [(path: String, weight: Int)]) -> [String] {
        let sorted = files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
        var loads = Array(repeating: (weight: 0, files: 0), count: count)
        var mine: [String] = []
        for file in sorted {
            let lightest = loads.indices.min { loads[$0] < loads[$1] } ?? 0
            loads[lightest].weight += max(0, file.weight)
            loads[lightest].files += 1
            if lightest == index - 1 { mine.append(file.path) }
        }
        return mine
    }

    /// With every file weighing the same: round-robin in path order.
    func select(_ paths: [String]) -> [String] {
        select(paths.map { ($0, 1) })
    }
}
