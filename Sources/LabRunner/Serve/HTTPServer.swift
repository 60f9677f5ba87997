import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What a route answers: a whole response, or the head of a stream whose connection the route
/// keeps (server-sent events).
package enum HTTPReply: Sendable {
    case respond(HTTPResponse)
    case stream(HTTPResponse, adopt: @Sendable (HTTPConnection) -> Void)
}

/// Why the server could not start.
package struct ServeError: Error, CustomStringConvertible {
    package let description: String
}

/// A small HTTP/1.1 server on POSIX sockets, IPv4, for the notebook pages of `labrunner watch
/// --serve`. Bounded: one GET per connection, a request head of at most `HTTPRequest.headLimit`
/// bytes, an idle client dropped after `timeout` seconds, at most `maxConnections` at once.
package final class HTTPServer: Sendable {
    /// The address the socket is bound to (`127.0.0.1` unless another was asked for).
    package let host: String
    /// The port bound (the one the kernel chose when asked for 0).
    package let port: UInt16
    package let timeout: Double
    package let maxConnections: Int
    private let listener: Int32
    private let handler: @Sendable (HTTPRequest) -> HTTPReply
    private let open = LockedValue(0)
    private let stopped = LockedValue(false)

    /// Binds and listens; `start()` serves.
    package init(host: String = "127.0.0.1", port: UInt16, timeout: Double = 5, maxConnections: Int = 64,
                 handler: @escaping @Sendable (HTTPRequest) -> HTTPReply) throws(ServeError) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        guard inet_pton(AF_INET, host, &address.sin_addr) == 1 else {
            throw ServeError(description: "--host '\(host)' is not an IPv4 address (such as 127.0.0.1)")
        }
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServeError(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            closeSocket(fd)
            throw ServeError(description: "cannot listen on \(host):\(port): \(reason)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        self.host = host
        self.port = UInt16(bigEndian: actual.sin_port)
        self.timeout = timeout
        self.maxConnections = maxConnections
        self.handler = handler
        listener = fd
    }

    /// Accepts connections on a thread of its own, each served on another.
    package func start() {
        Thread { [self] in acceptLoop() }.start()
    }

    /// Stops accepting; connections already open finish on their own.
    package func stop() {
        stopped.withLock { $0 = true }
        shutdown(listener, Int32(SHUT_RDWR))
        closeSocket(listener)
    }

    private func acceptLoop() {
        while !stopped.withLock({ $0 }) {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR || errno == ECONNABORTED { continue }
                return
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let connection = HTTPConnection(descriptor: client, timeout: timeout)
            let admitted = open.withLock { count in
                guard count < maxConnections else { return false }
                count += 1
                return true
            }
            guard admitted else {
                connection.write(HTTPResponse.error(.unavailable).bytes)
                connection.close()
                continue
            }
            Thread { [self] in
                serve(connection)
                open.withLock { $0 -= 1 }
            }.start()
        }
    }

    private func serve(_ connection: HTTPConnection) {
        let (head, tooLarge) = connection.readHead(limit: HTTPRequest.headLimit)
        guard let head else {
            if tooLarge { connection.write(HTTPResponse.error(.headersTooLarge).bytes) }
            connection.close()
            return
        }
        let request: HTTPRequest
        do {
            request = try HTTPRequest.parse(head)
        } catch {
            connection.write(HTTPResponse.error(error.status).bytes)
            connection.close()
            return
        }
        switch handler(request) {
        case .respond(let response):
            connection.write(response.bytes)
            connection.close()
        case .stream(let response, let adopt):
            if connection.write(response.head(streaming: true)) { adopt(connection) } else { connection.close() }
        }
    }
}
