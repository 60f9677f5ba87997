import Foundation

/// Fan-out on real threads: the work blocks on child processes, which would starve a fixed
/// pool such as Dispatch's or the cooperative one.
package enum Parallel {
    /// Calls `body(i)` for every `i` in `0..<count`, on up to `width` threads (the caller's
    /// included), and returns when all calls have returned.
    package static func forEach(_ count: Int, width: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = LockedValue(0)
        let worker: @Sendable () -> Void = {
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < count else { return }
                body(index)
            }
        }
        let group = DispatchGroup()
        for _ in 0..<max(0, min(width, count) - 1) {
            group.enter()
            let thread = Thread {
                worker()
                group.leave()
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
        worker()
        group.wait()
    }
}

/// At most `slots` child processes at once, across every lab and scenario: `--jobs`.
package final class JobLimiter: Sendable {
    let slots: Int
    private let semaphore: DispatchSemaphore

    package init(slots: Int) {
        self.slots = max(1, slots)
        semaphore = DispatchSemaphore(value: self.slots)
    }

    func withSlot<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        return try body()
    }
}
