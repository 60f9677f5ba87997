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
    private let state = LockedValue(LoopState.ready)
    /// Written once by `stop()` to wake the loop from `poll`; the loop then closes `listener`.
    private let wake: (read: Int32, write: Int32)

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
        // Non-blocking: a client that leaves between `poll` and `accept` must not hold up `stop()`.
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        do {
            wake = try ProcessPlatform.makeCloseOnExecPipe()
        } catch {
            closeSocket(fd)
            throw ServeError(description: "cannot start the server: \(error)")
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

    /// Accepts connections on a thread of its own, each served on another. Once only.
    package func start() {
        guard state.withLock({ state in
            guard state == .ready else { return false }
            state = .running
            return true
        }) else { return }
        Thread { [self] in
            acceptLoop()
            state.withLock { $0 = .stopped }
            closeDescriptors()
        }.start()
    }

    /// Stops accepting; connections already open finish on their own. The listening socket is
    /// closed by the accept loop as it leaves, never under it: closed here, its number could be
    /// handed to another socket before the loop's next `accept`. A second call does nothing.
    package func stop() {
        let closeNow = state.withLock { state in
            switch state {
            case .ready:
                state = .stopped
                return true
            case .running:
                state = .stopping
                var byte: UInt8 = 1
                _ = write(wake.write, &byte, 1)
                return false
            case .stopping, .stopped:
                return false
            }
        }
        if closeNow { closeDescriptors() }
    }

    private var isRunning: Bool { state.withLock { $0 == .running } }

    private func closeDescriptors() {
        closeSocket(listener)
        close(wake.read)
        close(wake.write)
    }

    private func acceptLoop() {
        var backoff = AcceptBackoff()
        while waitForClient() {
            let client: Int32
            switch acceptor(listener) {
            case .client(let descriptor):
                client = descriptor
                backoff.succeeded()
            case .failed(let error):
                // The client gave up between `poll` and `accept`.
                if error == EAGAIN || error == EWOULDBLOCK { continue }
                // Out of descriptors: let the oldest client still sending its head go, so the
                // ones waiting to be accepted are not held up behind idle ones.
                if error == EMFILE || error == ENFILE { slots.evictOldestHeadReader() }
                let delay = backoff.failed(error)
                if delay > 0, !pause(seconds: delay) { return }
                continue
            }
            guard isRunning else {
                closeSocket(client)
                return
            }
            #if canImport(Darwin)
            // BSD sockets inherit the listener's O_NONBLOCK; the connection's reads block with timeouts.
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) & ~O_NONBLOCK)
            #endif
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

    /// Waits until a client is there to accept (true) or `stop()` was called (false).
    private func waitForClient() -> Bool {
        while isRunning {
            var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, -1)
            if ready < 0 {
                // EINTR: again at once; anything else (out of memory) again after a moment.
                if errno != EINTR { usleep(10_000) }
                continue
            }
            if fds[1].revents != 0 { return false }
            if fds[0].revents != 0 { return isRunning }
        }
        return false
    }

    /// Sleeps `seconds` unless `stop()` comes first (false).
    private func pause(seconds: Double) -> Bool {
        var fd = pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)
        _ = poll(&fd, 1, Int32(seconds * 1000))
        return isRunning
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

/// Where the accept loop is: `stopping` until the loop has seen `stop()` and closed the socket.
private enum LoopState { case ready, running, stopping, stopped }
