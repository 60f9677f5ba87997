import Foundation
@testable import LabRunner

/// Runs a call that blocks (most often one waiting for a child process) on a thread of its own,
/// so the awaiting test gives its cooperative-pool thread back while it waits. Swift Testing runs
/// tests on that pool, one thread per core: a test blocked in `waitpid` holds a core's worth of
/// tests back even while its child sleeps, times out, or waits for a server, and on 2 cores two
/// such waits idle the machine. `ProcessGate` bounds how many of these calls run at once.
enum ThreadWait {
    /// How many blocking calls the test run has in flight at once: `LABRUNNER_TEST_WAITS` if set,
    /// else 2 per core (each `labrunner` runs up to a core's worth of swiftc itself).
    static let limit: Int = {
        if let value = ProcessInfo.processInfo.environment["LABRUNNER_TEST_WAITS"], let limit = Int(value), limit > 0 {
            return limit
        }
        return 2 * ProcessInfo.processInfo.activeProcessorCount
    }()

    static let gate = ProcessGate(limit: limit)

    /// `body` on a new thread once the gate lets it in; its result or typed error once it returns.
    static func run<Value: Sendable, Failure: Error>(
        _ body: @escaping @Sendable () throws(Failure) -> Value
    ) async throws(Failure) -> Value {
        await gate.enter()
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Value, Failure>, Never>) in
            let thread = Thread {
                continuation.resume(returning: Result { () throws(Failure) -> Value in try body() })
            }
            thread.start()
        }
        await gate.leave()
        return try result.get()
    }
}

/// An async counting semaphore: at most `limit` holders at once, the rest wait in order without
/// holding a thread.
actor ProcessGate {
    private let limit: Int
    private var holders = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(limit: Int) { self.limit = max(1, limit) }

    func enter() async {
        if holders < limit {
            holders += 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    /// Hands the place straight to the longest waiter, if any.
    func leave() {
        if waiting.isEmpty {
            holders -= 1
        } else {
            waiting.removeFirst().resume()
        }
    }
}

extension ChildProcess {
    /// `run(request)` waited for on a thread of its own (`ThreadWait`), for tests.
    static func runOnOwnThread(_ request: ProcessRequest) async throws(ProcessError) -> ProcessResult {
        try await ThreadWait.run { () throws(ProcessError) -> ProcessResult in try ChildProcess.run(request) }
    }
}
