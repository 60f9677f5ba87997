/// The pieces of ZMTP 3.1 (rfc.zeromq.org/spec/37) a kernel's sockets exchange: the 64-byte
/// greeting with the NULL mechanism, frame headers (flags, then a 1- or 8-byte length) and the
/// READY command of the handshake.
enum ZMTPFrame {
    static let more: UInt8 = 0x01
    static let long: UInt8 = 0x02
    static let command: UInt8 = 0x04

    /// Our greeting: signature, version 3.1, mechanism NULL, as-server unset, filler.
    static let greeting: [UInt8] = {
        var bytes: [UInt8] = [0xFF, 0, 0, 0, 0, 0, 0, 0, 0, 0x7F, 3, 1]
        bytes += Array("NULL".utf8) + Array(repeating: 0, count: 16)
        bytes += [0] + Array(repeating: 0, count: 31)
        return bytes
    }()

    /// Why a peer's greeting is refused, or nil for one this side speaks: ZMTP 3.0 or later with
    /// the NULL mechanism (the only one Jupyter uses; its messages are signed instead).
    static func greetingProblem(_ bytes: [UInt8]) -> String? {
        guard bytes.count == 64, bytes[0] == 0xFF, bytes[9] == 0x7F else { return "not a ZMTP 3 greeting" }
        guard bytes[10] >= 3 else { return "ZMTP version \(bytes[10]).\(bytes[11]) is too old (3.0 or later is needed)" }
        let mechanism = bytes[12..<32].prefix { $0 != 0 }
        guard mechanism.elementsEqual("NULL".utf8) else {
            return "security mechanism '\(String(decoding: mechanism, as: UTF8.self))' is not supported (only NULL)"
        }
        return nil
    }

    /// The header of a frame of `count` bytes.
    static func header(count: Int, more hasMore: Bool, isCommand: Bool = false) -> [UInt8] {
        var flags: UInt8 = (hasMore ? more : 0) | (isCommand ? command : 0)
        if count <= 255 { return [flags, UInt8(count)] }
        flags |= long
        return [flags] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: UInt64(count) >> (8 * UInt64($0))) }
    }

    /// A command's body: its name, then its data.
    static func commandBody(name: String, data: [UInt8]) -> [UInt8] {
        [UInt8(name.utf8.count)] + Array(name.utf8) + data
    }

    /// READY with the socket's type (ROUTER, PUB, REP), as the NULL mechanism's handshake wants.
    static func ready(socketType: String) -> [UInt8] {
        let name = Array("Socket-Type".utf8), value = Array(socketType.utf8)
        let length = UInt32(value.count)
        let property = [UInt8(name.count)] + name + [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)] + value
        return commandBody(name: "READY", data: property)
    }

    /// The name of the command in `body`, nil when the body is too short to hold one.
    static func commandName(_ body: [UInt8]) -> String? {
        guard let length = body.first, body.count > Int(length) else { return nil }
        return String(decoding: body[1...Int(length)], as: UTF8.self)
    }
}
