import Foundation
import Testing
@testable import LabRunner
#if canImport(Glibc)
import Glibc
#endif

/// The kernel's sockets under hostile input: whatever a peer sends, the kernel answers what it
/// can, drops what it must, keeps serving, and hands the session nothing that was not signed.
@Suite(.serialized)
struct JupyterKernelServerTests {
    static let key = Array("a-secret-key".utf8)

    /// The requests that reached the session, by type; answers kernel_info, and `slow` after a pause.
    final class RecordingHandler: JupyterKernelHandler {
        let received = LockedValue<[String]>([])

        func handleShell(_ request: JupyterMessage, _ replier: JupyterReplier) {
            received.withLock { $0.append(request.type) }
            if request.type == "slow_request" { Thread.sleep(forTimeInterval: 0.3) }
            replier.reply(request.type.replacingOccurrences(of: "_request", with: "_reply"), .object(["status": .string("ok")]))
        }

        func handleControl(_ request: JupyterMessage, _ replier: JupyterReplier) { handleShell(request, replier) }
    }

    /// A server on free ports of 127.0.0.1 with a recording handler.
    static func server() throws -> (JupyterKernelServer, RecordingHandler, UInt16) {
        let file = """
            {"transport": "tcp", "ip": "127.0.0.1", "shell_port": 0, "iopub_port": 0, "stdin_port": 0,
             "control_port": 0, "hb_port": 0, "key": "a-secret-key", "signature_scheme": "hmac-sha256"}
            """
        let info = try JupyterConnectionInfo(json: Array(file.utf8), path: "test.json")
        let server = try JupyterKernelServer(info, log: { _ in })
        let handler = RecordingHandler()
        server.start(handler)
        guard case .tcp(_, let port)? = server.endpoints["shell"] else { throw ServeError(description: "no shell port") }
        return (server, handler, port)
    }

    /// A connected TCP socket whose reads give up after 5 s, so a missing reply fails the test.
    static func connect(_ port: UInt16) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw ServeError(description: "cannot connect") }
        var time = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        return fd
    }

    /// A DEALER peer after its handshake.
    static func client(_ port: UInt16) throws -> (ZMTPConnection, Int32) {
        let fd = try connect(port)
        let connection = ZMTPConnection(descriptor: fd)
        if let problem = connection.handshake(socketType: "DEALER") { throw ServeError(description: problem) }
        return (connection, fd)
    }

    static func request(_ type: String, key: [UInt8] = key) -> [[UInt8]] {
        JupyterWire(key: key).encode(JupyterMessage(header: JupyterMessage.header(type: type, session: "test"), content: .object([:])))
    }

    static func reply(on connection: ZMTPConnection) -> String? {
        guard case .message(let parts) = connection.readMessage(), case .success(let message) = JupyterWire(key: key).decode(parts) else { return nil }
        return message.type
    }

    static func sendRaw(_ fd: Int32, _ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return }
            offset += sent
        }
    }

    @Test func aWrongSignatureIsDroppedAndTheNextMessageServed() throws {
        let (_, handler, port) = try Self.server()
        let (client, _) = try Self.client(port)
        defer { client.release() }
        #expect(client.send(Self.request("execute_request", key: Array("not-the-key".utf8))))
        var unsigned = Self.request("execute_request")
        unsigned[1] = []  // no signature at all
        #expect(client.send(unsigned))
        #expect(client.send(Self.request("kernel_info_request")))
        #expect(Self.reply(on: client) == "kernel_info_reply")
        #expect(handler.received.withLock { $0 } == ["kernel_info_request"])
    }

    @Test func anOversizedFrameIsReadPastAndItsMessageDropped() throws {
        let (_, handler, port) = try Self.server()
        let (client, fd) = try Self.client(port)
        defer { client.release() }
        // A 100 MB frame, then a valid request on the same connection.
        let size = 100_000_000
        Self.sendRaw(fd, ZMTPFrame.header(count: size, more: false))
        let chunk = [UInt8](repeating: 0x41, count: 1 << 20)
        var sent = 0
        while sent < size {
            let count = min(chunk.count, size - sent)
            Self.sendRaw(fd, Array(chunk[..<count]))
            sent += count
        }
        #expect(client.send(Self.request("kernel_info_request")))
        #expect(Self.reply(on: client) == "kernel_info_reply")
        #expect(handler.received.withLock { $0 } == ["kernel_info_request"])
    }

    /// Frames each under the frame limit that together pass the message limit: the message is
    /// dropped, so no peer makes the kernel hold more than `messageLimit` of one message.
    @Test func aMessageOfManyLargeFramesIsDropped() throws {
        let (_, handler, port) = try Self.server()
        let (client, _) = try Self.client(port)
        defer { client.release() }
        var parts = Self.request("kernel_info_request")
        parts.append([UInt8](repeating: 0x42, count: ZMTPConnection.messageLimit / 2 + 1))
        parts.append([UInt8](repeating: 0x43, count: ZMTPConnection.messageLimit / 2 + 1))
        #expect(client.send(parts))
        #expect(client.send(Self.request("comm_info_request")))
        #expect(Self.reply(on: client) == "comm_info_reply")
        #expect(handler.received.withLock { $0 } == ["comm_info_request"])
    }

    @Test func aFrameClaimingAHugeLengthEndsThatConnectionOnly() throws {
        let (_, handler, port) = try Self.server()
        let (hostile, fd) = try Self.client(port)
        defer { hostile.release() }
        Self.sendRaw(fd, [ZMTPFrame.long, 0x40, 0, 0, 0, 0, 0, 0, 0] + Array("short".utf8))
        #expect(hostile.readMessage() == .closed("the peer left"))
        let (client, _) = try Self.client(port)
        defer { client.release() }
        #expect(client.send(Self.request("kernel_info_request")))
        #expect(Self.reply(on: client) == "kernel_info_reply")
        #expect(handler.received.withLock { $0 } == ["kernel_info_request"])
    }

    @Test func aTruncatedFrameOrGreetingLeavesTheKernelServing() throws {
        let (_, handler, port) = try Self.server()
        // A frame claiming 100 bytes, 10 sent, then the peer leaves.
        let (truncated, fd) = try Self.client(port)
        Self.sendRaw(fd, ZMTPFrame.header(count: 100, more: false) + [UInt8](repeating: 1, count: 10))
        truncated.release()
        // Half a greeting, then gone; and a peer speaking another protocol.
        let half = try Self.connect(port)
        Self.sendRaw(half, Array(ZMTPFrame.greeting.prefix(20)))
        close(half)
        let http = try Self.connect(port)
        Self.sendRaw(http, Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8) + [UInt8](repeating: 0, count: 64))
        close(http)
        let (client, _) = try Self.client(port)
        defer { client.release() }
        #expect(client.send(Self.request("kernel_info_request")))
        #expect(Self.reply(on: client) == "kernel_info_reply")
        #expect(handler.received.withLock { $0 } == ["kernel_info_request"])
    }

    @Test func messagesThatAreNotJupyterMessagesAreDropped() throws {
        let (_, handler, port) = try Self.server()
        let (client, _) = try Self.client(port)
        defer { client.release() }
        #expect(client.send([Array("no delimiter".utf8)]))
        #expect(client.send([JupyterMessage.delimiter, Array("sig".utf8)]))
        // Signed, but its header is not JSON: never read as a request.
        let parts = [Array("{not json".utf8), Array("{}".utf8), Array("{}".utf8), Array("{}".utf8)]
        #expect(client.send([JupyterMessage.delimiter, Array(HMACSHA256.hexSignature(key: Self.key, parts: parts).utf8)] + parts))
        #expect(client.send(Self.request("kernel_info_request")))
        #expect(Self.reply(on: client) == "kernel_info_reply")
        #expect(handler.received.withLock { $0 } == ["kernel_info_request"])
    }

    @Test func aClientLeavingMidRequestDoesNotStopTheKernel() throws {
        let (_, handler, port) = try Self.server()
        let (leaving, _) = try Self.client(port)
        #expect(leaving.send(Self.request("slow_request")))
        leaving.release()
        Thread.sleep(forTimeInterval: 0.5)  // the reply is written to a closed connection meanwhile
        let (client, _) = try Self.client(port)
        defer { client.release() }
        #expect(client.send(Self.request("kernel_info_request")))
        #expect(Self.reply(on: client) == "kernel_info_reply")
        #expect(handler.received.withLock { $0 } == ["slow_request", "kernel_info_request"])
    }

    @Test func theHeartbeatEchoes() throws {
        let (server, _, _) = try Self.server()
        guard case .tcp(_, let port)? = server.endpoints["hb"] else { throw ServeError(description: "no hb port") }
        let (client, _) = try Self.client(port)
        defer { client.release() }
        #expect(client.send([Array("ping".utf8)]))
        #expect(client.readMessage() == .message([Array("ping".utf8)]))
    }
}

/// The session behind the sockets: a request type it does not know is ignored, and it goes on.
struct KernelSessionWireTests {
    @Test func anUnknownMessageTypeIsIgnoredAndTheSessionGoesOn() throws {
        let file = """
            {"transport": "tcp", "ip": "127.0.0.1", "shell_port": 0, "iopub_port": 0, "stdin_port": 0,
             "control_port": 0, "hb_port": 0, "key": "a-secret-key"}
            """
        let kernel = try JupyterKernelServer(try JupyterConnectionInfo(json: Array(file.utf8), path: "k.json"), log: { _ in })
        let session = KernelSession(compiler: SwiftCompiler(path: "/nonexistent/swiftc"), cache: nil, environment: [:],
                                    toolVersion: "test", shutDown: {})
        kernel.start(session)
        guard case .tcp(_, let port)? = kernel.endpoints["shell"] else { throw ServeError(description: "no shell port") }
        let (client, _) = try JupyterKernelServerTests.client(port)
        defer { client.release() }
        #expect(client.send(JupyterKernelServerTests.request("no_such_request")))
        #expect(client.send(JupyterKernelServerTests.request("kernel_info_request")))
        #expect(JupyterKernelServerTests.reply(on: client) == "kernel_info_reply")
        #expect(client.send(JupyterKernelServerTests.request("comm_info_request")))
        #expect(JupyterKernelServerTests.reply(on: client) == "comm_info_reply")
    }
}
