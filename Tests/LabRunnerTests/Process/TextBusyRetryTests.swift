import Foundation
import Testing
@testable import LabRunner

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A spawn that meets ETXTBSY ("Text file busy") is tried again: provoked for real by holding a
/// writable descriptor to a fresh script, as a child spawned by another thread holds one until
/// its exec; the "wait" between attempts is where that descriptor goes, so nothing is timed.
@Suite struct TextBusyRetryTests {
    /// A fresh script that exits 7, still open for writing: the descriptor is returned.
    private func busyScript(in folder: String) throws -> (path: String, descriptor: Int32) {
        let path = folder + "/busy.sh"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        try #require(descriptor >= 0)
        let text = Array("#!/bin/sh\nexit 7\n".utf8)
        #expect(write(descriptor, text, text.count) == text.count)
        #expect(fchmod(descriptor, 0o755) == 0)
        return (path, descriptor)
    }

    @Test func aSpawnThatFindsTheProgramBusyIsTriedAgainAfterTheWriterLetsGo() throws {
        #if os(Linux)
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = try busyScript(in: folder)
        let request = ProcessRequest(executable: script.path, environment: [:])

        // Without a retry the spawn fails: the file is open for writing (this is the defect).
        do {
            _ = try ChildProcess.run(request, retry: .never)
            Issue.record("a program open for writing was started")
        } catch {
            guard case .spawnFailed(let path, let code) = error else { throw error }
            #expect(path == script.path && code == ETXTBSY, "\(error)")
        }
        // With one, the writer lets go during the first wait and the second attempt runs it.
        let waits = Waits(descriptor: script.descriptor)
        let retry = TextBusyRetry(waits: [1, 2, 3]) { waits.record($0) }
        let result = try ChildProcess.run(request, retry: retry)
        #expect(result.termination == .exited(7))
        #expect(waits.seen == [1], "one wait, then it ran")
        #endif
    }

    @Test func theRetryStopsAtAnyOtherResultOrWhenTheWaitsRunOut() {
        let cases: [(results: [Int32], waits: [UInt32], expected: Int32, attempts: Int)] = [
            ([0], [5, 6], 0, 1),                                  // success at once: no wait
            ([ENOENT], [5, 6], ENOENT, 1),                        // another error is final
            ([ETXTBSY, EACCES], [5, 6], EACCES, 2),               // busy, then a final error
            ([ETXTBSY, ETXTBSY, ETXTBSY, 0], [5, 6], ETXTBSY, 3), // busy past the last wait: busy
            ([ETXTBSY], [], ETXTBSY, 1),                          // `.never`
        ]
        for example in cases {
            let waited = Waits(descriptor: -1)
            var attempts = 0
            let code = TextBusyRetry(waits: example.waits) { waited.record($0) }.run {
                attempts += 1
                return example.results[attempts - 1]
            }
            #expect(code == example.expected, "\(example.results)")
            #expect(attempts == example.attempts, "\(example.results)")
            #expect(waited.seen == Array(example.waits.prefix(attempts - 1)), "\(example.results)")
        }
        #expect(TextBusyRetry.standard.waits.count >= 3)
        #expect(TextBusyRetry.never.waits.isEmpty)
    }
}

/// The waits a retry asked for; the first closes `descriptor` (when there is one).
private final class Waits: @unchecked Sendable {
    private let lock = NSLock()
    private var descriptor: Int32
    private(set) var seen: [UInt32] = []

    init(descriptor: Int32) { self.descriptor = descriptor }

    func record(_ pause: UInt32) {
        lock.lock()
        defer { lock.unlock() }
        seen.append(pause)
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
    }
}
