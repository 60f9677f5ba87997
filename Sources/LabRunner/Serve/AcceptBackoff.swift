#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What one `accept(2)` gave: a client's socket, or the `errno` it failed with.
package enum Accepted: Sendable {
    case client(Int32)
    case failed(Int32)

    /// `accept(2)` itself.
    package static func system(_ listener: Int32) -> Accepted {
        let client = accept(listener, nil, nil)
        return client >= 0 ? .client(client) : .failed(errno)
    }
}

/// Accepts one connection on a listening socket (a parameter so tests can make it fail).
package typealias Acceptor = @Sendable (Int32) -> Accepted

/// How long the accept loop waits after a failed `accept` before it tries again. A failure
/// never ends the loop: out of descriptors (EMFILE, ENFILE) or memory, the connection waits in
/// the listen queue until a served one closes (out of descriptors, the server also lets go of
/// its oldest client still sending a head); waiting a little longer after each failure in a
/// row (up to a second) keeps the loop from spinning meanwhile. An interrupted call or a
/// client that gave up before it was accepted is tried again at once.
struct AcceptBackoff {
    static let first = 0.01
    static let longest = 1.0
    private(set) var delay = 0.0

    /// The seconds to wait after a failure with `error`.
    mutating func failed(_ error: Int32) -> Double {
        if error == EINTR || error == ECONNABORTED { return 0 }
        delay = delay == 0 ? Self.first : min(delay * 2, Self.longest)
        return delay
    }

    /// A connection was accepted: the next failure waits the shortest time again.
    mutating func succeeded() { delay = 0 }
}
