/// XXH64 (seed 0): a fast, well-studied, non-cryptographic 64-bit hash.
///
/// The compile cache uses it to check that a cached executable is still the file it stored: it
/// reads 8 bytes per step and runs several GB/s, so verifying on every lookup costs a fraction of
/// a millisecond where SHA-256 would cost several. See `CacheEntry` for why that is sound.
enum XXHash64 {
    private static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    private static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    private static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    private static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    private static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { hash($0) }
    }

    static func hash(_ buffer: UnsafeRawBufferPointer) -> UInt64 {
        let count = buffer.count
        guard let base = buffer.baseAddress, count > 0 else { return finish(prime5, tailOf: buffer, from: 0) }
        var offset = 0
        var accumulator: UInt64
        if count >= 32 {
            var v1 = prime1 &+ prime2, v2 = prime2, v3: UInt64 = 0, v4: UInt64 = 0 &- prime1
            while offset + 32 <= count {
                v1 = round(v1, load(base, offset))
                v2 = round(v2, load(base, offset + 8))
                v3 = round(v3, load(base, offset + 16))
                v4 = round(v4, load(base, offset + 24))
                offset += 32
            }
            accumulator = v1.rotatedLeft(1) &+ v2.rotatedLeft(7) &+ v3.rotatedLeft(12) &+ v4.rotatedLeft(18)
            accumulator = merge(accumulator, v1)
            accumulator = merge(accumulator, v2)
            accumulator = merge(accumulator, v3)
            accumulator = merge(accumulator, v4)
        } else {
            accumulator = prime5
        }
        return finish(accumulator &+ UInt64(count), tailOf: buffer, from: offset)
    }

    /// The tail (fewer than 32 bytes) and the final avalanche.
    private static func finish(_ accumulator: UInt64, tailOf buffer: UnsafeRawBufferPointer, from start: Int) -> UInt64 {
        var h = accumulator
        var offset = start
        let count = buffer.count
        if let base = buffer.baseAddress {
            while offset + 8 <= count {
                h ^= round(0, load(base, offset))
                h = h.rotatedLeft(27) &* prime1 &+ prime4
                offset += 8
            }
            if offset + 4 <= count {
                let word = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                h ^= word &* prime1
                h = h.rotatedLeft(23) &* prime2 &+ prime3
                offset += 4
            }
            while offset < count {
                h ^= UInt64(base.load(fromByteOffset: offset, as: UInt8.self)) &* prime5
                h = h.rotatedLeft(11) &* prime1
                offset += 1
            }
        }
        h ^= h >> 33
        h = h &* prime2
        h ^= h >> 29
        h = h &* prime3
        h ^= h >> 32
        return h
    }

    @inline(__always)
    private static func load(_ base: UnsafeRawPointer, _ offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    @inline(__always)
    private static func round(_ accumulator: UInt64, _ input: UInt64) -> UInt64 {
        (accumulator &+ input &* prime2).rotatedLeft(31) &* prime1
    }

    @inline(__always)
    private static func merge(_ accumulator: UInt64, _ value: UInt64) -> UInt64 {
        (accumulator ^ round(0, value)) &* prime1 &+ prime4
    }
}

extension UInt64 {
    @inline(__always)
    fileprivate func rotatedLeft(_ count: UInt64) -> UInt64 {
        (self << count) | (self >> (64 - count))
    }
}
