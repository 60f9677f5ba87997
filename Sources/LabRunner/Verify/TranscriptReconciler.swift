/// Builds the reconciled text (what `--update` writes back) and the edit script from expected to
/// it, for an expected transcript that does not match.
///
/// First it pairs expected non-`...` lines with actual lines they match, maximizing the number of
/// pairs, so the user's own lines (and their `[..]`) survive wherever they still apply. Then each
/// gap between pairs is filled: without a `...` in the gap, the gap's actual lines replace its
/// expected lines; with one, expected lines before the first `...` and after the last are
/// replaced position by position by the gap's first and last actual lines, and the `...` lines
/// stay and cover whatever is left in the middle. So "A / ... / Result: 42" against
/// "A / x / y / Result: 43" becomes "A / ... / Result: 43", not "A / ...".
struct TranscriptReconciler {
    let expectedLines: TranscriptLines
    let expected: [ExpectedLine]
    let actual: TranscriptLines

    /// Above this many DP cells (about 1 MB of moves), pairing falls back to Myers, which ignores
    /// `...` when pairing but stays O((N+M)·D).
    var dynamicProgrammingCellLimit = 1 << 20

    /// Reconciled lines, and the script from expected lines (side A) to them (side B).
    func reconcile() -> (lines: [String], script: [EditStep]) {
        var lines: [String] = []
        var script: [EditStep] = []
        func emitActual(_ range: Range<Int>) {
            for a in range {
                script.append(.added(lines.count))
                lines.append(actual.text(a))
            }
        }
        func emitExpected(_ e: Int) {
            script.append(.same(e, lines.count))
            lines.append(expectedLines.text(e))
        }
        func fillGap(_ eRange: Range<Int>, _ aRange: Range<Int>) {
            guard let firstStar = eRange.first(where: { expected[$0].isAnyLines }),
                  let lastStar = eRange.last(where: { expected[$0].isAnyLines })
            else {
                for e in eRange { script.append(.removed(e)) }
                emitActual(aRange)
                return
            }
            let leadClaim = min(firstStar - eRange.lowerBound, aRange.count)
            let trailClaim = min(eRange.upperBound - lastStar - 1, aRange.count - leadClaim)
            for e in eRange.lowerBound..<firstStar { script.append(.removed(e)) }
            emitActual(aRange.lowerBound..<(aRange.lowerBound + leadClaim))
            for e in firstStar...lastStar {
                if expected[e].isAnyLines { emitExpected(e) } else { script.append(.removed(e)) }
            }
            for e in (lastStar + 1)..<eRange.upperBound { script.append(.removed(e)) }
            emitActual((aRange.upperBound - trailClaim)..<aRange.upperBound)
        }

        var e = 0, a = 0
        for pair in pairs() + [LineAlignment.Pair(a: expected.count, b: actual.count)] {
            fillGap(e..<pair.a, a..<pair.b)
            if pair.a < expected.count { emitExpected(pair.a) }
            e = pair.a + 1
            a = pair.b + 1
        }
        return (lines, script)
    }

    /// Pairs (a: expected index, b: actual index) of non-`...` expected lines and the actual lines
    /// they match, increasing on both sides.
    func pairs() -> [LineAlignment.Pair] {
        let cells = (expected.count + 1).multipliedReportingOverflow(by: actual.count + 1)
        if !cells.overflow, cells.partialValue <= dynamicProgrammingCellLimit {
            return dynamicProgrammingPairs()
        }
        return myersPairs()
    }

    /// Exact, `...`-aware pairing for typical cell sizes. Cost of aligning suffixes: each unpaired
    /// expected line costs more than all actual lines together (so the number of pairs is
    /// maximized first), each actual line left outside a `...` costs 1, lines a `...` covers cost 0.
    /// Among equally many pairs this prefers letting `...` cover lines, e.g. pairing a line that
    /// follows `...` with its last rather than its first occurrence when that fits better.
    private func dynamicProgrammingPairs() -> [LineAlignment.Pair] {
        let m = expected.count, n = actual.count
        let width = n + 1
        let unpaired = n + 1
        enum Move: UInt8 { case pair, down, right }
        var moves = [Move](repeating: .down, count: m * width)
        var below = (0...n).map { n - $0 }  // row m: every remaining actual line is left over
        var row = [Int](repeating: 0, count: width)
        for i in stride(from: m - 1, through: 0, by: -1) {
            let base = i * width
            if expected[i].isAnyLines {
                row[n] = below[n]
                for j in stride(from: n - 1, through: 0, by: -1) {
                    // Prefer covering one more line when it costs the same: `...` is greedy.
                    if row[j + 1] <= below[j] {
                        row[j] = row[j + 1]
                        moves[base + j] = .right
                    } else {
                        row[j] = below[j]
                    }
                }
            } else {
                row[n] = unpaired + below[n]
                for j in stride(from: n - 1, through: 0, by: -1) {
                    var best = unpaired + below[j], move = Move.down
                    if 1 + row[j + 1] < best { best = 1 + row[j + 1]; move = .right }
                    if below[j + 1] <= best, expected[i].matches(actual[j]) { best = below[j + 1]; move = .pair }
                    row[j] = best
                    moves[base + j] = move
                }
            }
            swap(&row, &below)
        }
        var pairs: [LineAlignment.Pair] = []
        var i = 0, j = 0
        while i < m {
            if j == n { break }
            switch moves[i * width + j] {
            case .pair: pairs.append(LineAlignment.Pair(a: i, b: j)); i += 1; j += 1
            case .down: i += 1
            case .right: j += 1
            }
        }
        return pairs
    }

    /// For large inputs: Myers over the non-`...` expected lines, so pairing stays O((N+M)·D).
    private func myersPairs() -> [LineAlignment.Pair] {
        let lineIndices = expected.indices.filter { !expected[$0].isAnyLines }
        let alignment = LineAlignment(
            countA: lineIndices.count, countB: actual.count,
            matches: { expected[lineIndices[$0]].matches(actual[$1]) },
            anchorKeys: {
                // Only literal lines anchor: equal bytes then imply a match.
                var ids: [ArraySlice<UInt8>: Int] = [:]
                func intern(_ bytes: ArraySlice<UInt8>) -> Int {
                    if let id = ids[bytes] { return id }
                    ids[bytes] = ids.count
                    return ids.count - 1
                }
                let keysA = lineIndices.map { index -> Int in
                    if case .literal(let bytes) = expected[index] { return intern(bytes) }
                    return -1
                }
                return (keysA, (0..<actual.count).map { intern(actual[$0]) })
            })
        return alignment.pairs().map { LineAlignment.Pair(a: lineIndices[$0.a], b: $0.b) }
    }
}
