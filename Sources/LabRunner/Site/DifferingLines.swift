/// Which lines of one output are not in another, by a line diff: what a page marks in a tab
/// whose scenario printed something other than another tab's.
enum DifferingLines {
    /// The indices of `lines` that a line diff against some output of `others` does not match.
    static func unmatched(_ lines: [String], against others: [[String]]) -> Set<Int> {
        var unmatched = Set<Int>()
        for other in others {
            var ids: [String: Int] = [:]
            func intern(_ line: String) -> Int {
                if let id = ids[line] { return id }
                ids[line] = ids.count
                return ids.count - 1
            }
            let a = lines.map(intern), b = other.map(intern)
            let pairs = LineAlignment(countA: a.count, countB: b.count, matches: { a[$0] == b[$1] }, anchorKeys: { (a, b) }).pairs()
            unmatched.formUnion(Set(lines.indices).subtracting(pairs.map(\.a)))
        }
        return unmatched
    }
}
