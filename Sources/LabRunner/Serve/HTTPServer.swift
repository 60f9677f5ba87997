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
/// bytes that must arrive whole within `headDeadline` seconds, an idle client dropped after
/// `timeout` seconds, at most `maxConnections` at once (a new client takes the slot of the
/// oldest one still sending its head). No request and no failure of `accept` ends it.
package final class HTTPServer: Sendable {
    /// The address the socket is bound to (`127.0.0.1` unless another was asked for).
    package let host: String
    /// The port bound (the one the kernel chose when asked for 0).
    package let port: UInt16
    package let timeout: Double
    package let headDeadline: Double
    private let listener: Int32
    private let handler: @Sendable (HTTPRequest) -> HTTPReply
    private let slots: ConnectionSlots
    private let acceptor: Acceptor
    /// Connections being served now (event streams apart: their stream counts them).
    package var connections: Int { slots.count }
    private let stopped = LockedValue(false)

    /// Binds and listens; `start()` serves.
    package init(host: String = "127.0.0.1", port: UInt16, timeout: Double = 5, headDeadline: Double = 10, maxConnections: Int = 64,
                 accept: @escaping Acceptor = Accepted.system,
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
        self.headDeadline = headDeadline
        slots = ConnectionSlots(limit: maxConnections)
        self.handler = handler
        self.acceptor = accept
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
        var backoff = AcceptBackoff()
        while !stopped.withLock({ $0 }) {
            let client: Int32
            switch acceptor(listener) {
            case .client(let descriptor):
                client = descriptor
                backoff.succeeded()
            case .failed(let error):
                // Out of descriptors: let the oldest client still sending its head go, so the
                // ones waiting to be accepted are not held up behind idle ones.
                if error == EMFILE || error == ENFILE { slots.evictOldestHeadReader() }
                let delay = backoff.failed(error)
                if delay > 0 { usleep(UInt32(delay * 1_000_000)) }
                continue
            }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            let connection = HTTPConnection(descriptor: client, timeout: timeout)
            guard slots.admit(connection) else {
                connection.write(HTTPResponse.error(.unavailable).bytes)
                connection.close()
                continue
            }
            Thread { [self] in
                serve(connection)
                slots.release(connection)
                connection.close()
            }.start()
        }
    }

    private func serve(_ connection: HTTPConnection) {
        let head: [UInt8]
        switch connection.readHead(limit: HTTPRequest.headLimit, deadline: headDeadline, idle: timeout) {
        case .head(let bytes): head = bytes
        case .tooLarge:
            refuse(connection, .headersTooLarge)
            return
        case .timedOut(partial: true):
            refuse(connection, .requestTimeout)
            return
        case .timedOut(partial: false), .closed:
            return
        }
        slots.headRead(connection)
        let request: HTTPRequest
        do {
            request = try HTTPRequest.parse(head)
        } catch {
            refuse(connection, error.status)
            return
        }
        switch handler(request) {
        case .respond(let response):
            // Head and body apart: a served page's bytes are shared, never copied per request.
            if connection.write(response.head(streaming: false)) { connection.write(response.body) }
        case .stream(let response, let adopt):
            guard connection.write(response.head(streaming: true)) else { return }
            // A stream lives as long as its page: it leaves the connection slots, its stream
            // has a limit of its own.
            slots.release(connection)
            adopt(connection)
        }
    }

    /// An error answer, then the end of the connection without a reset (`lingerAfterRefusal`).
    private func refuse(_ connection: HTTPConnection, _ status: HTTPResponse.Status) {
        if connection.write(HTTPResponse.error(status).bytes) { connection.lingerAfterRefusal() }
    }
}
