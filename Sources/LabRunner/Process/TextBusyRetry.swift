#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Starting a program that was written a moment ago can fail with ETXTBSY ("Text file busy")
/// although its writer closed it: a child that another thread of this process was spawning at
/// that moment got a copy of the descriptor table, writable descriptor included, and holds it
/// until its own exec closes it (close-on-exec narrows that window, nothing closes it). It
/// happened in the suite: a lab compiled into the cache, then exec'd while a test launched
/// another tool. So a spawn that fails with ETXTBSY is tried again after a short wait, a few
/// times, as Go's toolchain and others do; any other result is final.
struct TextBusyRetry: Sendable {
    /// The waits between attempts, in microseconds: about 0.6 s in all before giving up.
    let waits: [UInt32]
    /// How to wait (a test closes the writer here to make the retry deterministic).
    let wait: @Sendable (UInt32) -> Void

    static let standard = TextBusyRetry(waits: [2_000, 10_000, 40_000, 100_000, 200_000, 250_000]) { usleep($0) }
    /// One attempt: what a spawn did before ETXTBSY was retried.
    static let never = TextBusyRetry(waits: []) { _ in }

    /// Runs `attempt` (which returns 0 or an errno) until it returns anything but ETXTBSY, or
    /// the waits run out; returns its last result.
    func run(_ attempt: () -> Int32) -> Int32 {
        var code = attempt()
        for pause in waits where code == ETXTBSY {
            wait(pause)
            code = attempt()
        }
        return code
    }
}
