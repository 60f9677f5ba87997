/// Finds which lines of one sequence correspond to which lines of another: a longest common
/// subsequence under an arbitrary "matches" predicate, as increasing index pairs.
///
/// Myers' greedy algorithm runs in O((N+M)·D) time; it is exact for any predicate (not just
/// equality), since taking a matching diagonal is never worse. To keep very different inputs
/// from costing O((N+M)²), D is capped; past the cap the range is split at lines that occur
/// exactly once on each side (patience anchors) and each piece is aligned again, and a piece
/// with no anchors is treated as replaced wholesale.
struct LineAlignment {
    struct Pair: Sendable, Equatable {
        let a: Int, b: Int
    }

    let countA: Int, countB: Int
    let matches: (Int, Int) -> Bool
    /// Only computed if the cap is hit. Equal non-negative keys must imply `matches`; a negative
    /// key marks a line that never serves as an anchor (e.g. a wildcard line).
    let anchorKeys: () -> (a: [Int], b: [Int])
    /// Largest edit distance Myers explores per range; its trace takes about maxD²/2 integers.
    var maxD = 1_000

    func pairs() -> [Pair] {
        var result: [Pair] = []
        var keys: (a: [Int], b: [Int])? = nil
        align(0..<countA, 0..<countB, into: &result, keys: &keys)
        return result
    }

    private func align(_ ra: Range<Int>, _ rb: Range<Int>, into result: inout [Pair], keys: inout (a: [Int], b: [Int])?) {
        // Common prefix and suffix first: cheap, and the usual case is a few changed lines.
        var lowA = ra.lowerBound, lowB = rb.lowerBound
        while lowA < ra.upperBound, lowB < rb.upperBound, matches(lowA, lowB) {
            result.append(Pair(a: lowA, b: lowB))
            lowA += 1
            lowB += 1
        }
        var highA = ra.upperBound, highB = rb.upperBound
        while highA > lowA, highB > lowB, matches(highA - 1, highB - 1) {
            highA -= 1
            highB -= 1
        }
        let suffix = (0..<(ra.upperBound - highA)).map { Pair(a: highA + $0, b: highB + $0) }
        if lowA < highA, lowB < highB {
            if let middle = myers(lowA..<highA, lowB..<highB) {
                result += middle
            } else {
                if keys == nil { keys = anchorKeys() }
                let anchors = Self.patienceAnchors(lowA..<highA, lowB..<highB, keys!)
                var startA = lowA, startB = lowB
                for anchor in anchors {
                    align(startA..<anchor.a, startB..<anchor.b, into: &result, keys: &keys)
                    result.append(anchor)
                    startA = anchor.a + 1
                    startB = anchor.b + 1
                }
                if !anchors.isEmpty { align(startA..<highA, startB..<highB, into: &result, keys: &keys) }
            }
        }
        result += suffix
    }

    /// Forward Myers keeping each round's frontier for the backtrack; nil when D exceeds maxD.
    private func myers(_ ra: Range<Int>, _ rb: Range<Int>) -> [Pair]? {
        let n = ra.count, m = rb.count
        let limit = min(n + m, maxD)
        let offset = limit + 1
        var v = [Int](repeating: 0, count: 2 * limit + 3)
        // trace[d] holds v[k] for k = -d, -d+2, ..., d after round d.
        var trace: [[Int]] = []
        for d in 0...limit {
            var round = [Int](repeating: 0, count: d + 1)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]  // step down: skip a line of b
                } else {
                    x = v[offset + k - 1] + 1  // step right: skip a line of a
                }
                var y = x - k
                while x < n, y < m, matches(ra.lowerBound + x, rb.lowerBound + y) {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                round[(k + d) / 2] = x
                if x >= n, y >= m {
                    trace.append(round)
                    return backtrack(trace, n: n, m: m, ra.lowerBound, rb.lowerBound)
                }
            }
            trace.append(round)
        }
        return nil
    }

    private func backtrack(_ trace: [[Int]], n: Int, m: Int, _ baseA: Int, _ baseB: Int) -> [Pair] {
        var reversed: [Pair] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 1, by: -1) {
            let previous = trace[d - 1]
            func at(_ k: Int) -> Int { previous[(k + d - 1) / 2] }
            let k = x - y
            let prevK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let prevX = at(prevK), prevY = prevX - prevK
            let snakeStartX = prevK == k + 1 ? prevX : prevX + 1
            while x > snakeStartX {
                x -= 1
                y -= 1
                reversed.append(Pair(a: baseA + x, b: baseB + y))
            }
            x = prevX
            y = prevY
        }
        while x > 0 {
            x -= 1
            y -= 1
            reversed.append(Pair(a: baseA + x, b: baseB + y))
        }
        return reversed.reversed()
    }

    /// Lines whose key occurs exactly once in each range, kept in an order increasing on both
    /// sides (longest increasing subsequence by patience sorting, O(K log K)).
    static func patienceAnchors(_ ra: Range<Int>, _ rb: Range<Int>, _ keys: (a: [Int], b: [Int])) -> [Pair] {
        var seen: [Int: (countA: Int, a: Int, countB: Int, b: Int)] = [:]
        for i in ra where keys.a[i] >= 0 {
            let old = seen[keys.a[i]] ?? (0, 0, 0, 0)
            seen[keys.a[i]] = (old.countA + 1, i, 0, 0)
        }
        for j in rb where keys.b[j] >= 0 {
            guard let old = seen[keys.b[j]] else { continue }
            seen[keys.b[j]] = (old.countA, old.a, old.countB + 1, j)
        }
        let unique = seen.values.filter { $0.countA == 1 && $0.countB == 1 }
            .map { Pair(a: $0.a, b: $0.b) }
            .sorted { $0.a < $1.a }
        // tails[l] = index into `unique` of the smallest b ending an increasing run of length l+1.
        var tails: [Int] = []
        var parent = [Int](repeating: -1, count: unique.count)
        for (index, pair) in unique.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let mid = (low + high) / 2
                if unique[tails[mid]].b < pair.b { low = mid + 1 } else { high = mid }
            }
            if low > 0 { parent[index] = tails[low - 1] }
            if low == tails.count { tails.append(index) } else { tails[low] = index }
        }
        var chain: [Pair] = []
        var index = tails.last ?? -1
        while index >= 0 {
            chain.append(unique[index])
            index = parent[index]
        }
        return chain.reversed()
    }
}
