import Foundation
import Testing
@testable import LabRunner

/// The harness the end-to-end tests wait through: a bound on what is in flight, the call off the
/// caller's thread, its typed error back.
@Suite struct ThreadWaitTests {
    /// Eight callers through a gate of 2: each holder stays until a second has been in for 0.1 s
    /// (or a third is in, or 5 s pass), so a gate that admits 2 shows 2 at once, and one that
    /// admits more shows more. It waits asleep: about 0.4 s of wall, no CPU.
    @Test func theGateLetsInAtMostItsLimitAndEveryoneThrough() async {
        let gate = ProcessGate(limit: 2)
        let inside = LockedValue(0), most = LockedValue(0), done = LockedValue(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await gate.enter()
                    let now = inside.withLock { $0 += 1; return $0 }
                    most.withLock { $0 = max($0, now) }
                    var second: Date?
                    _ = await pollUntil(timeout: 5) {
                        let now = inside.withLock { $0 }
                        if now >= 2, second == nil { second = Date() }
                        return now > 2 || done.withLock { $0 } >= 7 || second.map { Date().timeIntervalSince($0) > 0.1 } == true
                    }
                    inside.withLock { $0 -= 1 }
                    done.withLock { $0 += 1 }
                    await gate.leave()
                }
            }
        }
        #expect(most.withLock { $0 } == 2)
        #expect(done.withLock { $0 } == 8)
    }

    /// The call's value and its typed error come back to the awaiting test.
    @Test func theCallsValueAndTypedErrorComeBack() async {
        let result = await ThreadWait.run { () -> Int32 in 6 * 7 }
        #expect(result == 42)
        await #expect(throws: ProcessError.self) {
            _ = try await ChildProcess.runOnOwnThread(ProcessRequest(executable: "/nonexistent/labrunner-test", arguments: [],
                                                                     environment: [:], timeout: 5))
        }
    }
}
