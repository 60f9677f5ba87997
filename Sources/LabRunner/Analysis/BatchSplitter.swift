/// What to build after a batch of samples failed, until every error belongs to one sample.
///
/// The samples the errors fell in are built alone (their verdicts are then theirs, not their
/// neighbours'); the others are built again together, without them (an error can hide others,
/// and a passing build is needed to run them). When no error can be put on a sample (an error in
/// a context line several samples share, a crash, a link error), the batch is halved.
package enum BatchSplitter {
    /// The batches to build next; empty when `batch` was one sample (its errors are its own).
    /// `failing`: samples of the batch whose lines the errors fell in; `unattributed`: some error
    /// fell in no sample of the batch, or the build failed without errors.
    package static func next(after batch: [Int], failing: Set<Int>, unattributed: Bool) -> [[Int]] {
        guard batch.count > 1 else { return [] }
        let suspects = batch.filter(failing.contains)
        if unattributed || suspects.isEmpty {
            let half = batch.count / 2
            return [Array(batch[..<half]), Array(batch[half...])]
        }
        let rest = batch.filter { !failing.contains($0) }
        return (rest.isEmpty ? [] : [rest]) + suspects.map { [$0] }
    }
}
