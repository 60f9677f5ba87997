/// A plain line diff (Myers, with a cap that degrades gracefully on very different inputs)
/// for any two arrays of lines; lines are compared with `==`.
enum LineDiff {
    static func diff(_ a: [String], _ b: [String], context: Int = 3) -> TranscriptDiff {
        // Intern lines to integers so that Myers' inner loop compares Ints, not Strings, and the
        // same ids serve as patience anchor keys.
        var ids: [String: Int] = [:]
        func intern(_ line: String) -> Int {
            if let id = ids[line] { return id }
            ids[line] = ids.count
            return ids.count - 1
        }
        let idsA = a.map(intern)
        let idsB = b.map(intern)
        let pairs = LineAlignment(
            countA: a.count, countB: b.count,
            matches: { idsA[$0] == idsB[$1] },
            anchorKeys: { (idsA, idsB) }
        ).pairs()
        return TranscriptDiff(script: script(pairs, countA: a.count, countB: b.count),
                              a: { a[$0] }, b: { b[$0] }, context: context)
    }

    /// The edit script implied by matched pairs: between two pairs, removals then additions.
    static func script(_ pairs: [LineAlignment.Pair], countA: Int, countB: Int) -> [EditStep] {
        var steps: [EditStep] = []
        steps.reserveCapacity(countA + countB - pairs.count)
        var i = 0, j = 0
        for pair in pairs + [LineAlignment.Pair(a: countA, b: countB)] {
            while i < pair.a { steps.append(.removed(i)); i += 1 }
            while j < pair.b { steps.append(.added(j)); j += 1 }
            if pair.a < countA {
                steps.append(.same(pair.a, pair.b))
                i += 1
                j += 1
            }
        }
        return steps
    }
}
