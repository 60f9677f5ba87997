/// Edit distance counting a swap of two neighbours as one edit (optimal string alignment),
/// for "did you mean" hints on misspelled keys, attributes, scenarios and options.
package enum EditDistance {
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased()), b = Array(b.lowercased())
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }

    /// The candidate closest to `word`, if it is close enough to be a plausible typo.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        return candidates
            .map { ($0, distance(word, $0)) }
            .filter { $0.1 <= limit }
            .min { $0.1 < $1.1 }?.0
    }
}
