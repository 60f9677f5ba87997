import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A plain socket client for the server tests: connects over IPv4, writes raw bytes, reads what
/// comes back. Every read has a receive timeout as a hang guard; no test asserts a duration.
final class LoopbackClient {
    let descriptor: Int32
    /// Set by `readAll`: the server closed the connection (end of file), rather than the guard running out.
    private(set) var closedByServer = false

    /// Nil when the connection is refused (or the address is not there).
    init?(address: String = "127.0.0.1", port: UInt16) {
        var target = sockaddr_in()
        target.sin_family = sa_family_t(AF_INET)
        target.sin_port = port.bigEndian
        guard inet_pton(AF_INET, address, &target.sin_addr) == 1 else { return nil }
        #if os(Linux)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard fd >= 0 else { return nil }
        var time = timeval()
        time.tv_sec = 20
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &target) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
    }

    deinit { close(descriptor) }

    func send(_ text: String) { send(bytes: Array(text.utf8)) }

    func send(bytes: [UInt8]) {
        #if os(Linux)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Foundation.send(descriptor, $0.baseAddress! + offset, bytes.count - offset, flags) }
            if sent <= 0 { return }
            offset += sent
        }
    }

    /// Whether the server has written something or closed the connection, without waiting.
    func serverHasSpokenOrClosed() -> Bool {
        var byte: UInt8 = 0
        let count = recv(descriptor, &byte, 1, Int32(MSG_PEEK) | Int32(MSG_DONTWAIT))
        return count >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
    }

    /// Reads until the server closes (or the guard runs out).
    func readAll() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { closedByServer = true }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Reads until what arrived contains `text`; all that arrived (without `text` if the guard ran out).
    func read(until text: String) -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !String(decoding: bytes, as: UTF8.self).contains(text) {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `read(until:)` on an event stream, without the `: ping` comments the server sends every
    /// 15 s wherever they fall (a browser ignores them), so a slow run cannot split two events.
    func readEvents(until text: String) -> String {
        read(until: text).replacingOccurrences(of: ": ping\n\n", with: "")
    }

    /// Exactly `count` bytes, nil when the connection ends (or the guard runs out) first.
    func read(count: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1)
        while bytes.count < count {
            let want = min(count - bytes.count, 65536)
            if buffer.count < want { buffer = [UInt8](repeating: 0, count: want) }
            let got = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, want, 0) }
            if got <= 0 { return nil }
            bytes += buffer[..<got]
        }
        return bytes
    }

    /// A whole GET of `path`, as a browser on this machine would send it.
    static func get(_ path: String, port: UInt16, host: String? = nil, method: String = "GET") -> String {
        guard let client = LoopbackClient(port: port) else { return "" }
        client.send("\(method) \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n")
        return client.readAll()
    }
}
