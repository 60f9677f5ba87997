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

    /// `transform(i)` for every `i` in `0..<count`, on up to `width` threads, the results in
    /// index order. `inOrder`, when given, receives each result as soon as it and every earlier
    /// one are done, one call at a time and in index order, so output can stream in order while
    /// the work finishes in any order.
    package static func map<T: Sendable>(_ count: Int, width: Int,
                                         inOrder deliver: (@Sendable (Int, T) -> Void)? = nil,
                                         _ transform: @escaping @Sendable (Int) -> T) -> [T] {
        let results = LockedValue<[T?]>(Array(repeating: nil, count: count))
        // The next index to deliver; held while delivering, so deliveries never overlap.
        let delivered = LockedValue(0)
        forEach(count, width: width) { index in
            let value = transform(index)
            results.withLock { $0[index] = value }
            guard let deliver else { return }
            delivered.withLock { next in
                while next < count, let ready = results.withLock({ $0[next] }) {
                    deliver(next, ready)
                    next += 1
                }
            }
        }
        let all = results.withLock { $0.compactMap { $0 } }
        precondition(all.count == count, "Parallel.forEach returned before every index was done")
        return all
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
