import Testing
@testable import LabRunner
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The accept loop's waits: failures in a row wait longer, up to a second; an interrupted call
/// or an aborted connection is retried at once; an accepted connection starts over.
struct AcceptBackoffTests {
    @Test func waitsLongerAfterEachFailureInARowUpToASecond() {
        var backoff = AcceptBackoff()
        #expect(backoff.failed(EINTR) == 0)
        #expect(backoff.failed(ECONNABORTED) == 0)
        let waits = (0..<10).map { _ in backoff.failed(EMFILE) }
        #expect(waits == [0.01, 0.02, 0.04, 0.08, 0.16, 0.32, 0.64, 1, 1, 1])
        backoff.succeeded()
        #expect(backoff.failed(ENFILE) == 0.01)
    }
}
