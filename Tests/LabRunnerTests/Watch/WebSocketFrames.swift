/// The little of WebSocket (RFC 6455) the DevTools clients need: one masked text frame out, as a
/// client must send it, and whole unfragmented text frames in, as Chromium sends them.
enum WebSocketFrames {
    static func send(_ text: String, on client: LoopbackClient) {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x81]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else {
            frame.append(0x80 | 126)
            frame += [UInt8(payload.count >> 8 & 0xFF), UInt8(payload.count & 0xFF)]
        }
        let mask: [UInt8] = [1, 2, 3, 4]
        frame += mask
        frame += payload.enumerated().map { $1 ^ mask[$0 % 4] }
        client.send(bytes: frame)
    }

    /// The next text message (unmasked, from the server); nil when the connection ended.
    static func read(from client: LoopbackClient) -> String? {
        guard let head = client.read(count: 2) else { return nil }
        var length = Int(head[1] & 0x7F)
        if length == 126 {
            guard let extended = client.read(count: 2) else { return nil }
            length = Int(extended[0]) << 8 | Int(extended[1])
        } else if length == 127 {
            guard let extended = client.read(count: 8) else { return nil }
            length = extended.reduce(0) { $0 << 8 | Int($1) }
        }
        guard let payload = client.read(count: length) else { return nil }
        return String(decoding: payload, as: UTF8.self)
    }
}
