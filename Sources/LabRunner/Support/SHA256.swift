/// SHA-256 (FIPS 180-4), streaming: `update` as often as needed, then `finalize` once.
///
/// Written here because the tool has no dependencies: CryptoKit is Apple-only and swift-crypto
/// is a package. It names compile-cache entries, so it must be exact, and it hashes whole
/// generated programs on every run, so the block function works on raw pointers and locals
/// (no per-block allocation, no bounds checks in the rounds).
struct SHA256: Sendable {
    static let digestByteCount = 32
    private static let blockByteCount = 64

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    /// Bytes of an incomplete block, waiting for more input (always fewer than 64).
    private var pending: [UInt8] = []
    private var totalByteCount: UInt64 = 0

    init() { pending.reserveCapacity(Self.blockByteCount) }

    /// The digest of `bytes` in one call.
    static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finalize()
    }

    /// Lowercase hexadecimal digest of `bytes`.
    static func hexDigest(_ bytes: some Sequence<UInt8>) -> String {
        hex(hash(bytes))
    }

    static func hex(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(digest.count * 2)
        for byte in digest {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    mutating func update(_ bytes: some Sequence<UInt8>) {
        // Contiguous inputs ([UInt8], String.UTF8View, slices) take the pointer path; anything
        // else is copied once.
        let handled: Void? = bytes.withContiguousStorageIfAvailable { update(UnsafeRawBufferPointer($0)) }
        if handled == nil { Array(bytes).withUnsafeBytes { update($0) } }
    }

    mutating func update(_ buffer: UnsafeRawBufferPointer) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return }
        totalByteCount &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(Self.blockByteCount - pending.count, buffer.count)
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base, count: take))
            offset = take
            guard pending.count == Self.blockByteCount else { return }
            pending.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
            pending.removeAll(keepingCapacity: true)
        }
        let wholeBlocks = (buffer.count - offset) / Self.blockByteCount
        if wholeBlocks > 0 {
            compress(base + offset, blocks: wholeBlocks)
            offset += wholeBlocks * Self.blockByteCount
        }
        if offset < buffer.count {
            pending.append(contentsOf: UnsafeRawBufferPointer(start: base + offset, count: buffer.count - offset))
        }
    }

    /// Pads, processes the last block(s) and returns the 32-byte digest. Call once.
    mutating func finalize() -> [UInt8] {
        let bitCount = totalByteCount &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % Self.blockByteCount != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bitCount >> UInt64(shift))) }
        tail.withUnsafeBytes { compress($0.baseAddress!, blocks: $0.count / Self.blockByteCount) }
        pending.removeAll()

        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestByteCount)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            digest.append(UInt8(truncatingIfNeeded: word >> 24))
            digest.append(UInt8(truncatingIfNeeded: word >> 16))
            digest.append(UInt8(truncatingIfNeeded: word >> 8))
            digest.append(UInt8(truncatingIfNeeded: word))
        }
        return digest
    }

    /// The SHA-256 compression function over `blocks` consecutive 64-byte blocks at `data`.
    private mutating func compress(_ data: UnsafeRawPointer, blocks: Int) {
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            Self.roundConstants.withUnsafeBufferPointer { k in
                for block in 0..<blocks {
                    let bytes = data + block * Self.blockByteCount
                    for t in 0..<16 {
                        // Big-endian words; loadUnaligned because input slices may start anywhere.
                        w[t] = UInt32(bigEndian: bytes.loadUnaligned(fromByteOffset: t * 4, as: UInt32.self))
                    }
                    for t in 16..<64 {
                        let x = w[t - 15], y = w[t - 2]
                        let s0 = x.rotatedRight(7) ^ x.rotatedRight(18) ^ (x >> 3)
                        let s1 = y.rotatedRight(17) ^ y.rotatedRight(19) ^ (y >> 10)
                        w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
                    }
                    var a = h0, b = h1, c = h2, d = h3, e = h4, f = h5, g = h6, h = h7
                    for t in 0..<64 {
                        let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
                        let choice = g ^ (e & (f ^ g))  // (e & f) ^ (~e & g), one operation fewer
                        let t1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
                        let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
                        let majority = (a & b) | (c & (a | b))  // (a & b) ^ (a & c) ^ (b & c)
                        let t2 = s0 &+ majority
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ t2
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d
                    h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                }
            }
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
    }

    private static let roundConstants: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]
}

extension UInt32 {
    @inline(__always)
    fileprivate func rotatedRight(_ count: UInt32) -> UInt32 {
        (self >> count) | (self << (32 - count))
    }
}
