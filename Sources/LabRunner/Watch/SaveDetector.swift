/// Decides, from successive stamps of the watched files, which files were saved: a pure state
/// machine over (time, stamps), so the coalescing rules are tested without a clock or a disk.
///
/// A file counts as saved once its stamp differs from the one of its last run and has stayed
/// the same for `quiet` seconds: an editor's burst (write a temporary file, rename it over the
/// lab, touch it again) is one save. A file that is missing is not reported until it is back
/// (editors that remove before they write), unless it stays gone for `goneAfter` seconds.
package struct SaveDetector: Sendable {
    package let quiet: Double
    package let goneAfter: Double
    /// The stamp each path had when it was last reported (or first seen).
    private var reported: [String: FileStamp]
    /// The latest stamp seen that differs from `reported`, and since when it has been the same.
    private var pending: [String: (stamp: FileStamp, since: Double)] = [:]

    package init(initial: [String: FileStamp], quiet: Double = 0.02, goneAfter: Double = 1) {
        self.quiet = quiet
        self.goneAfter = goneAfter
        reported = initial
    }

    /// Feeds the stamps seen at `time` (seconds on any monotonic clock); returns the paths saved,
    /// in `stamps`' order.
    package mutating func observe(_ stamps: [(path: String, stamp: FileStamp)], at time: Double) -> [String] {
        var saved: [String] = []
        for (path, stamp) in stamps {
            if stamp == reported[path] {
                pending[path] = nil
                continue
            }
            if let waiting = pending[path], waiting.stamp == stamp {
                let settled = time - waiting.since >= (stamp.exists ? quiet : goneAfter)
                guard settled else { continue }
                reported[path] = stamp
                pending[path] = nil
                saved.append(path)
            } else {
                pending[path] = (stamp, time)
                // Nothing to wait for: report at once (the next poll would only add latency).
                if quiet <= 0, stamp.exists {
                    reported[path] = stamp
                    pending[path] = nil
                    saved.append(path)
                }
            }
        }
        return saved
    }

    /// True while some file changed and has not settled yet: the poller looks again sooner.
    package var isSettling: Bool { !pending.isEmpty }
}
