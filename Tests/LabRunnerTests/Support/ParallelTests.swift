import Foundation
import Testing
@testable import LabRunner

struct ParallelTests {
    @Test(arguments: [(0, 3), (1, 1), (7, 1), (50, 4), (5, 10)])
    func mapKeepsIndexOrder(count: Int, width: Int) {
        // Later indices finish first, so completion order is not index order.
        let results = Parallel.map(count, width: width) { index in
            usleep(UInt32((count - index) % 4) * 500)
            return index * index
        }
        #expect(results == (0..<count).map { $0 * $0 })
    }

    /// Counting, not timing: every task waits until `width` tasks are running at once, which only
    /// happens when the map really uses `width` threads; none ever sees more.
    @Test(arguments: [1, 2, 3])
    func mapRunsExactlyWidthAtOnce(width: Int) {
        let running = LockedValue((now: 0, most: 0, arrived: 0))
        _ = Parallel.map(12, width: width) { index in
            running.withLock { $0.now += 1; $0.most = max($0.most, $0.now); $0.arrived += 1 }
            // The first `width` tasks wait for each other. A generous bound: only a broken map
            // (fewer threads than `width`) waits this long, and the count below then fails.
            let deadline = Date().addingTimeInterval(30)
            while index < width, running.withLock({ $0.arrived < width }), Date() < deadline { usleep(1000) }
            running.withLock { $0.now -= 1 }
            return index
        }
        let counts = running.withLock { $0 }
        #expect(counts.most == width)
    }

    @Test func inOrderDeliversEachResultOnceInIndexOrder() {
        let delivered = LockedValue<[Int]>([])
        let results = Parallel.map(40, width: 4, inOrder: { index, value in
            delivered.withLock { $0.append(index) }
            #expect(value == "\(index)")
        }) { index in
            usleep(UInt32((40 - index) % 5) * 300)
            return "\(index)"
        }
        #expect(delivered.withLock { $0 } == Array(0..<40))
        #expect(results == (0..<40).map(String.init))
    }
}
