import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// One peer of a kernel socket: the ZMTP handshake, then multipart messages read and written
/// over a stream socket. Reading is bounded: a frame over `frameLimit`, or past `messageLimit`
/// with the message's earlier frames, is read past and its message dropped; a frame claiming
/// more than `discardLimit` or a peer breaking the framing ends the connection; either way the
/// kernel's other connections go on.
package final class ZMTPConnection: Sendable {
    /// What one read found.
    package enum Read: Equatable {
        case message([[UInt8]])
        /// A message not delivered (too large, too many parts), the connection still usable.
        case dropped(String)
        /// The peer left or broke the protocol; the reason, for the log.
        case closed(String)
    }

    static let frameLimit = 64 << 20
    /// The bytes of all the frames of one message together.
    static let messageLimit = 64 << 20
    static let discardLimit = 1 << 30
    static let partLimit = 1024
    #if canImport(Darwin)
    private static let noSignal: Int32 = 0  // SO_NOSIGPIPE is set instead
    #else
    private static let noSignal = Int32(MSG_NOSIGNAL)
    #endif

    private let descriptor: LockedValue<Int32?>
    private let writing = NSLock()
    private let reader: LockedValue<BufferedReader>

    package init(descriptor: Int32) {
        self.descriptor = LockedValue(descriptor)
        reader = LockedValue(BufferedReader(fd: descriptor))
        // A peer that stops reading (a frozen frontend's iopub) must not hold up the kernel.
        var time = timeval()
        time.tv_sec = 10
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    /// Greetings and READY commands both ways; nil when done, else why the peer was refused.
    package func handshake(socketType: String) -> String? {
        guard write([ZMTPFrame.greeting]) else { return "the peer left before the greeting" }
        let greeting = reader.withLock { $0.read(64) }
        guard let greeting else { return "the peer left during the greeting" }
        if let problem = ZMTPFrame.greetingProblem(greeting) { return problem }
        let ready = ZMTPFrame.ready(socketType: socketType)
        guard write([ZMTPFrame.header(count: ready.count, more: false, isCommand: true) + ready]) else { return "the peer left" }
        switch readFrame() {
        case .frame(let body, _, isCommand: true) where ZMTPFrame.commandName(body) == "READY": return nil
        case .frame: return "the peer's first frame is not a READY command"
        case .tooLarge: return "the peer's READY command is too large"
        case .failed(let reason): return reason
        }
    }

    /// The next message; commands (PING, SUBSCRIBE…) are answered or ignored on the way.
    package func readMessage() -> Read {
        var parts: [[UInt8]] = []
        var oversized: String? = nil
        var total = 0
        while true {
            switch readFrame(room: Self.messageLimit - total) {
            case .failed(let reason):
                return .closed(reason)
            case .tooLarge(let count, let more):
                oversized = oversized ?? (count > Self.frameLimit ? "a frame of \(count) bytes (more than \(Self.frameLimit))"
                                                                   : "a message of more than \(Self.messageLimit) bytes")
                if !more { return .dropped(oversized ?? "") }
            case .frame(let body, let more, let isCommand):
                if isCommand {
                    if ZMTPFrame.commandName(body) == "PING" { answerPing(body) }
                    continue
                }
                total += body.count
                if parts.count < Self.partLimit { parts.append(body) } else {
                    oversized = oversized ?? "more than \(Self.partLimit) parts"
                }
                if !more {
                    if let oversized { return .dropped(oversized) }
                    return .message(parts)
                }
            }
        }
    }

    /// Writes one multipart message whole (concurrent writers never interleave); false when the
    /// peer is gone or stalled, after which the connection is closed.
    @discardableResult
    package func send(_ parts: [[UInt8]]) -> Bool {
        var frames: [[UInt8]] = []
        for (offset, part) in parts.enumerated() {
            frames.append(ZMTPFrame.header(count: part.count, more: offset < parts.count - 1))
            frames.append(part)
        }
        return write(frames)
    }

    /// Ends the conversation: a blocked read returns, later writes fail. The descriptor stays
    /// open until `release()`, so the reading thread never reads a number reused meanwhile.
    package func close() {
        guard let fd = descriptor.withLock({ $0 }) else { return }
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Closes the descriptor; only the thread that reads calls it, once it stopped reading.
    package func release() {
        writing.lock()
        defer { writing.unlock() }
        guard let fd = descriptor.withLock({ value -> Int32? in defer { value = nil }; return value }) else { return }
        shutdown(fd, Int32(SHUT_RDWR))
        _ = systemClose(fd)
    }

    private func answerPing(_ body: [UInt8]) {
        // PING: ttl (2 bytes), then a context PONG returns.
        let context = body.count > 7 ? Array(body[7...].prefix(16)) : []
        let pong = ZMTPFrame.commandBody(name: "PONG", data: context)
        _ = write([ZMTPFrame.header(count: pong.count, more: false, isCommand: true), pong])
    }

    private enum FrameRead {
        case frame([UInt8], more: Bool, isCommand: Bool)
        case tooLarge(Int, more: Bool)
        case failed(String)
    }

    /// The next frame; one longer than `room` (or the frame limit) is read past, not kept.
    private func readFrame(room: Int = frameLimit) -> FrameRead {
        reader.withLock { reader in
            guard let flags = reader.read(1)?.first else { return .failed("the peer left") }
            guard flags & ~(ZMTPFrame.more | ZMTPFrame.long | ZMTPFrame.command) == 0 else {
                return .failed("a frame with reserved flags 0x\(String(flags, radix: 16))")
            }
            let lengthBytes = reader.read(flags & ZMTPFrame.long != 0 ? 8 : 1)
            guard let lengthBytes else { return .failed("the peer left inside a frame header") }
            let length = lengthBytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            let more = flags & ZMTPFrame.more != 0
            guard length <= UInt64(Self.discardLimit) else {
                return .failed("a frame claiming \(length) bytes")
            }
            if length > UInt64(min(Self.frameLimit, max(0, room))) {
                guard reader.skip(Int(length)) else { return .failed("the peer left inside a frame") }
                return .tooLarge(Int(length), more: more)
            }
            guard let body = reader.read(Int(length)) else { return .failed("the peer left inside a frame (truncated)") }
            return .frame(body, more: more, isCommand: flags & ZMTPFrame.command != 0)
        }
    }

    private func write(_ pieces: [[UInt8]]) -> Bool {
        writing.lock()
        defer { writing.unlock() }
        guard let fd = descriptor.withLock({ $0 }) else { return false }
        for piece in pieces {
            var offset = 0
            while offset < piece.count {
                let sent = piece.withUnsafeBytes { buffer in
                    systemSend(fd, buffer.baseAddress.map { $0 + offset }, piece.count - offset, Self.noSignal)
                }
                if sent < 0, errno == EINTR { continue }
                guard sent > 0 else {
                    close()
                    return false
                }
                offset += sent
            }
        }
        return true
    }

    private func systemSend(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
        #if canImport(Darwin)
        Darwin.send(fd, bytes, count, flags)
        #else
        Glibc.send(fd, bytes, count, flags)
        #endif
    }

    private func systemClose(_ fd: Int32) -> Int32 {
        #if canImport(Darwin)
        Darwin.close(fd)
        #else
        Glibc.close(fd)
        #endif
    }
}

/// Reads exact byte counts from a socket through a buffer, so a frame's header and body do not
/// each cost a system call.
private struct BufferedReader {
    let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0

    init(fd: Int32) { self.fd = fd }

    /// Exactly `count` bytes, nil at end of stream or on an error.
    mutating func read(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill(wanting: count - (buffer.count - start)) else { return nil }
        }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        compact()
        return bytes
    }

    /// Reads and throws away `count` bytes.
    mutating func skip(_ count: Int) -> Bool {
        var remaining = count
        while remaining > 0 {
            if buffer.count == start { guard fill(wanting: remaining) else { return false } }
            let taken = min(remaining, buffer.count - start)
            start += taken
            remaining -= taken
            compact()
        }
        return true
    }

    private mutating func compact() {
        if start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
        else if start > 1 << 16 { buffer.removeFirst(start); start = 0 }
    }

    private mutating func fill(wanting: Int) -> Bool {
        let chunk = min(max(wanting, 1 << 16), 1 << 20)
        var scratch = [UInt8](repeating: 0, count: chunk)
        while true {
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, chunk, 0) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            buffer += scratch[..<count]
            return true
        }
    }
}
