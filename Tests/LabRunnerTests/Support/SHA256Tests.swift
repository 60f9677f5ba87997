import Testing
@testable import LabRunner

struct SHA256Tests {
    /// FIPS 180-4 / NIST CAVP examples: empty, one block, the 448-bit and 896-bit messages.
    @Test(arguments: [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
        ("abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"),
    ])
    func nistVectors(message: String, digest: String) {
        #expect(SHA256.hexDigest(message.utf8) == digest)
    }

    @Test func oneMillionA() {
        let message = [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000)
        #expect(SHA256.hexDigest(message) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// Lengths around the padding boundaries: 55 bytes still fit the length in one block, 56 to
    /// 64 need a second one. Digests from Python's hashlib.
    @Test(arguments: [
        (55, "d5e285683cd4efc02d021a5c62014694958901005d6f71e89e0989fac77e4072"),
        (56, "04c26261370ee7541549d16dee320c723e3fd14671e66a099afe0a377c16888e"),
        (63, "75220b47218278e656f2013bb8f0c455a25eaf01e86c64924e9d48d89776d6f2"),
        (64, "7ce100971f64e7001e8fe5a51973ecdfe1ced42befe7ee8d5fd6219506b5393c"),
        (65, "9537c5fdf120482f7d58d25e9ed583f52c02b4e304ea814db1633ad565aed7e9"),
        (119, "000b48d4edf0fa7bee3c6236ecd2785baa5db4eeb8bb54341b029e0d9fa5fb0c"),
        (120, "13f05a0b594787f5ecd315edc96141bd3243203d1b7d4f0836f37308b276ba98"),
    ])
    func paddingBoundaries(length: Int, digest: String) {
        #expect(SHA256.hexDigest([UInt8](repeating: UInt8(ascii: "x"), count: length)) == digest)
    }

    static let pattern = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    static let patternDigest = "470b2cd71bff57ce8be0be3fc23df273052c4bb10a1235fddb8f158d6f928546"

    /// Feeding the same bytes in pieces of any size gives the one-shot digest, including pieces
    /// that straddle block boundaries and ones of a whole block or more.
    @Test(arguments: [[1], [3], [7], [63], [64], [65], [127, 1, 200], [5, 64, 0, 129, 2, 1000]])
    func streamingInOddChunks(sizes: [Int]) {
        var hasher = SHA256()
        var offset = 0
        var turn = 0
        while offset < Self.pattern.count {
            let size = sizes[turn % sizes.count]
            let end = min(offset + size, Self.pattern.count)
            hasher.update(Self.pattern[offset..<end])
            offset = end
            turn += 1
        }
        #expect(SHA256.hex(hasher.finalize()) == Self.patternDigest)
    }

    @Test func nonContiguousSequencesHashTheSame() {
        #expect(SHA256.hexDigest(Self.pattern.lazy.map { $0 }) == Self.patternDigest)
        #expect(SHA256.hexDigest(Self.pattern) == Self.patternDigest)
    }
}
