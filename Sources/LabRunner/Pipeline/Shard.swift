/// `--shard K/N`: a deterministic 1/N of the labs, so a CI matrix can split a large tree.
///
/// Labs are taken in path order and dealt round-robin: every machine computes the same split
/// from the same tree, shard sizes differ by at most one, and the N shards together hold every
/// lab exactly once.
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

    package func select(_ paths: [String]) -> [String] {
        let sorted = paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        return sorted.enumerated().filter { $0.offset % count == index - 1 }.map(\.element)
    }
}
