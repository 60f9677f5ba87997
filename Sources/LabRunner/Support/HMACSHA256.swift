/// HMAC-SHA256 (RFC 2104), which signs every Jupyter message with the connection file's key.
struct HMACSHA256: Sendable {
    private static let blockByteCount = 64
    private var inner = SHA256()
    private let outerKey: [UInt8]

    init(key: some Sequence<UInt8>) {
        var block = Array(key)
        if block.count > Self.blockByteCount { block = SHA256.hash(block) }
        block += Array(repeating: 0, count: Self.blockByteCount - block.count)
        outerKey = block.map { $0 ^ 0x5c }
        inner.update(block.map { $0 ^ 0x36 })
    }

    mutating func update(_ bytes: some Sequence<UInt8>) { inner.update(bytes) }

    /// The 32-byte authentication code of everything given to `update`.
    mutating func finalize() -> [UInt8] {
        var outer = SHA256()
        outer.update(outerKey)
        outer.update(inner.finalize())
        return outer.finalize()
    }

    /// The code of `parts` one after the other, in lowercase hexadecimal (Jupyter's signature).
    static func hexSignature(key: [UInt8], parts: [[UInt8]]) -> String {
        var mac = HMACSHA256(key: key)
        for part in parts { mac.update(part) }
        return SHA256.hex(mac.finalize())
    }

    /// Compares in time that does not depend on where the texts differ, so a forger learns
    /// nothing from how fast a wrong signature is refused.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for (x, y) in zip(a, b) { difference |= x ^ y }
        return difference == 0
    }
}
