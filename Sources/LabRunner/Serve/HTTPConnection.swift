import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// One accepted client socket. Writes never raise SIGPIPE (a closed browser tab must not end the
/// tool), a write that blocks longer than the send timeout fails, and `close` is idempotent.
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
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Reads a request head: nil when the client went quiet past the timeout, closed, or sent
    /// more than `limit` bytes without ending its head (then `tooLarge` is true).
    func readHead(limit: Int) -> (head: [UInt8]?, tooLarge: Bool) {
        guard let fd = descriptor.withLock({ $0 }) else { return (nil, false) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 2048)
        while true {
            if let end = HTTPRequest.headEnd(in: bytes) { return (Array(bytes[..<end]), false) }
            if bytes.count > limit { return (nil, true) }
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { return (nil, false) }
            bytes += buffer[..<count]
        }
    }

    /// Writes all of `bytes`; false once the client is gone (the connection is closed then).
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
                    closeSocket(socket)
                    fd = nil
                    return false
                }
                offset += sent
            }
            return true
        }
    }

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
