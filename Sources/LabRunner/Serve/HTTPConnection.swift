import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// One accepted client socket. Writes never raise SIGPIPE (a closed browser tab must not end the
/// tool), a write that blocks longer than the send timeout fails. Only the thread serving the
/// connection closes its descriptor (`close`, idempotent); others may only `shutdown` it, which
/// wakes that thread, so a descriptor is never closed under a thread still reading it.
package final class HTTPConnection: Sendable {
    private let descriptor: LockedValue<Int32?>

    init(descriptor: Int32, timeout: Double) {
        self.descriptor = LockedValue(descriptor)
        var time = timeval()
        time.tv_sec = .init(timeout)
        // tv_usec is Int on Linux, Int32 on Darwin.
        time.tv_usec = .init((timeout - Double(Int(timeout))) * 1_000_000)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        // A response is written as a head and a body: the body must not wait for the head's ACK.
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// What reading a request head came to.
    enum HeadRead: Equatable {
        case head([UInt8])
        /// More than the limit arrived without the head's end.
        case tooLarge
        /// The deadline passed, or the client was quiet for the idle timeout; `partial` when
        /// some of a head had arrived.
        case timedOut(partial: Bool)
        /// The client closed, or the connection was shut down.
        case closed
    }

    /// Reads a request head of at most `limit` bytes, all of it before `deadline` (seconds from
    /// now) and each part within `idle` seconds of the one before: a client that sends a byte
    /// now and then cannot hold the connection longer than the deadline.
    func readHead(limit: Int, deadline: Double, idle: Double) -> HeadRead {
        guard let fd = descriptor.withLock({ $0 }) else { return .closed }
        let end = Date().addingTimeInterval(deadline)
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        while true {
            if let headEnd = HTTPRequest.headEnd(in: bytes) { return .head(Array(bytes[..<headEnd])) }
            if bytes.count > limit { return .tooLarge }
            switch Self.receive(fd, into: &buffer, until: end, idle: idle) {
            case .bytes(let count): bytes += buffer[..<count]
            case .quiet: return .timedOut(partial: !bytes.isEmpty)
            case .ended: return .closed
            }
        }
    }

    /// What one wait for input, then one read, came to.
    private enum Received {
        case bytes(Int)
        /// Nothing arrived before `end`, or within `idle` seconds.
        case quiet
        /// The client closed, or the connection was shut down or failed.
        case ended
    }

    /// Waits for input until `end` (at most `idle` seconds), then reads once into `buffer`.
    private static func receive(_ fd: Int32, into buffer: inout [UInt8], until end: Date, idle: Double = .infinity) -> Received {
        while true {
            let wait = min(end.timeIntervalSinceNow, idle)
            guard wait > 0 else { return .quiet }
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(max(1, (wait * 1000).rounded(.up))))
            if polled < 0 && errno == EINTR { continue }
            if polled == 0 { return .quiet }
            if polled < 0 { return .ended }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? .bytes(count) : .ended
        }
    }

    /// Waits until the client closes its side (or the connection is shut down), discarding
    /// anything it sends: how an event stream learns that its page is gone.
    func waitForPeerClose() {
        guard let fd = descriptor.withLock({ $0 }) else { return }
        var buffer = [UInt8](repeating: 0, count: 512)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 { continue }
            // The receive timeout only wakes this loop up; a stream's page may be quiet for hours.
            if count < 0 && (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) { continue }
            return
        }
    }

    /// Ends a connection whose request was refused without losing the answer: the write side is
    /// shut (the client reads the answer, then the end), and what the client still sends is read
    /// and dropped for at most `seconds` and `limit` bytes. A close with input unread would reset
    /// the connection, which can discard the answer before the client reads it (Apache's
    /// "lingering close"). The caller then closes.
    func lingerAfterRefusal(seconds: Double = 1, limit: Int = 1 << 20) {
        guard let fd = descriptor.withLock({ $0 }) else { return }
        #if canImport(Darwin)
        _ = Darwin.shutdown(fd, SHUT_WR)
        #else
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
        #endif
        let end = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var drained = 0
        while drained < limit, case .bytes(let count) = Self.receive(fd, into: &buffer, until: end) {
            drained += count
        }
    }

    /// Writes all of `bytes`; false once the client is gone (the connection is shut down then).
    @discardableResult
    package func write(_ bytes: [UInt8]) -> Bool {
        descriptor.withLock { fd in
            guard let socket = fd else { return false }
            var offset = 0
            while offset < bytes.count {
                #if os(Linux)
                let flags = Int32(MSG_NOSIGNAL)
                #else
                let flags: Int32 = 0
                #endif
                let sent = bytes.withUnsafeBytes { send(socket, $0.baseAddress! + offset, bytes.count - offset, flags) }
                if sent < 0 && errno == EINTR { continue }
                if sent <= 0 {
                    shutdownSocket(socket)
                    return false
                }
                offset += sent
            }
            return true
        }
    }

    /// Ends the connection both ways without releasing the descriptor: a thread blocked reading
    /// it wakes up and closes it. Safe from any thread, and after `close`.
    package func shutdown() {
        descriptor.withLock { fd in
            if let socket = fd { shutdownSocket(socket) }
        }
    }

    /// Releases the descriptor; only the thread serving the connection calls it.
    package func close() {
        descriptor.withLock { fd in
            if let socket = fd { closeSocket(socket) }
            fd = nil
        }
    }
}

/// `close(2)`, named apart from the methods called `close`.
func closeSocket(_ descriptor: Int32) {
    #if canImport(Darwin)
    _ = Darwin.close(descriptor)
    #else
    _ = Glibc.close(descriptor)
    #endif
}

/// `shutdown(2)` both ways, named apart from the method called `shutdown`.
func shutdownSocket(_ descriptor: Int32) {
    #if canImport(Darwin)
    _ = Darwin.shutdown(descriptor, SHUT_RDWR)
    #else
    _ = Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
    #endif
}
