import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Where a kernel socket listens: a TCP port of an IPv4 address, or a Unix socket path (the
/// connection file's `ipc` transport).
package enum ZMQEndpoint: Sendable, Equatable, CustomStringConvertible {
    case tcp(host: String, port: UInt16)
    case ipc(path: String)

    package var description: String {
        switch self {
        case .tcp(let host, let port): "tcp://\(host):\(port)"
        case .ipc(let path): "ipc://\(path)"
        }
    }
}

/// A listening socket of the kernel: accepts peers, does each one's ZMTP handshake as
/// `socketType`, and hands each connection to `serve` on a thread of its own.
package final class ZMQListener: Sendable {
    package let endpoint: ZMQEndpoint
    private let fd: Int32
    private let socketType: String

    /// Binds at once, so a port the connection file names is taken or the error says why.
    package init(_ endpoint: ZMQEndpoint, socketType: String) throws(ServeError) {
        self.socketType = socketType
        (fd, self.endpoint) = try Self.bound(endpoint)
    }

    /// The listening descriptor and where it listens (the port the system chose for port 0).
    private static func bound(_ endpoint: ZMQEndpoint) throws(ServeError) -> (Int32, ZMQEndpoint) {
        switch endpoint {
        case .tcp(let host, let port):
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            let numeric = host == "localhost" ? "127.0.0.1" : (host == "*" ? "0.0.0.0" : host)
            guard inet_pton(AF_INET, numeric, &address.sin_addr) == 1 else {
                throw ServeError(description: "'\(host)' is not an IPv4 address (such as 127.0.0.1)")
            }
            let fd = try openSocket(AF_INET)
            var one: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            var actual = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            _ = withUnsafeMutablePointer(to: &actual) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
            }
            try listenOrThrow(fd, bound: bound, endpoint: endpoint)
            return (fd, .tcp(host: host, port: UInt16(bigEndian: actual.sin_port)))
        case .ipc(let path):
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let bytes = Array(path.utf8)
            let capacity = MemoryLayout.size(ofValue: address.sun_path)
            guard bytes.count < capacity, !bytes.contains(0) else {
                throw ServeError(description: "the socket path '\(path)' is longer than \(capacity - 1) bytes")
            }
            withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes + [0]) }
            let fd = try openSocket(AF_UNIX)
            // A socket file left by a kernel that died; the connection file names it for us.
            if (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeSocket {
                unlink(path)
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            try listenOrThrow(fd, bound: bound, endpoint: endpoint)
            return (fd, endpoint)
        }
    }

    /// Accepts peers until the process ends; each handshaken peer is `serve`d on its own thread,
    /// and released when `serve` returns.
    package func start(_ serve: @escaping @Sendable (ZMTPConnection) -> Void, log: @escaping @Sendable (String) -> Void) {
        Thread { [self] in
            while true {
                let client = accept(fd, nil, nil)
                if client < 0 {
                    if errno == EINTR || errno == ECONNABORTED { continue }
                    // Out of descriptors: wait for peers to leave rather than spin.
                    usleep(100_000)
                    continue
                }
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                let connection = ZMTPConnection(descriptor: client)
                Thread { [self] in
                    if let problem = connection.handshake(socketType: socketType) {
                        log("\(endpoint): peer refused: \(problem)")
                    } else {
                        serve(connection)
                    }
                    connection.release()
                }.start()
            }
        }.start()
    }

    private static func openSocket(_ family: Int32) throws(ServeError) -> Int32 {
        #if os(Linux)
        let fd = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        #else
        let fd = socket(family, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { throw ServeError(description: "cannot open a socket: \(String(cString: strerror(errno)))") }
        return fd
    }

    private static func listenOrThrow(_ fd: Int32, bound: Int32, endpoint: ZMQEndpoint) throws(ServeError) {
        guard bound == 0, listen(fd, 64) == 0 else {
            let reason = String(cString: strerror(errno))
            #if canImport(Darwin)
            _ = Darwin.close(fd)
            #else
            _ = Glibc.close(fd)
            #endif
            throw ServeError(description: "cannot listen on \(endpoint): \(reason)")
        }
    }
}
