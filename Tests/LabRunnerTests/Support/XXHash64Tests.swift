import Testing
@testable import LabRunner

/// XXH64, the checksum `CacheEntry` records (named for the compile cache so its filter runs it).
struct CompileCacheChecksumTests {
    /// Reference values of XXH64 with seed 0 (xxHash's own sanity checks); the last two are
    /// longer than 32 bytes, so they run the four-lane stripe loop and then the tail.
    @Test(arguments: [
        ("", 0xEF46_DB37_51D8_E999 as UInt64),
        ("a", 0xD24E_C4F1_A98C_6E5B),
        ("abc", 0x44BC_2CF5_AD77_0999),
        ("asdf", 0x4158_72F5_99CE_A71E),
        ("Call me Ishmael.", 0x6D04_390F_C9D6_1A90),
        ("Nobody inspects the spammish repetition", 0xFBCE_A83C_8A37_8BF1),
        ("Some years ago--never mind how long precisely-", 0x8F26_F2B9_86AF_DC52),
    ])
    func referenceVectors(text: String, hash: UInt64) {
        #expect(XXHash64.hash(Array(text.utf8)) == hash)
    }

    /// Many stripes: zstd stores the low 32 bits of XXH64 as a frame's content checksum, so
    /// `zstd -c --check pattern | tail -c 4` gave the low half (bd3943f3) independently.
    @Test func longInputMatchesZstdsContentChecksum() {
        let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: ($0 &* 13 &+ 5) % 256) }
        #expect(XXHash64.hash(bytes) & 0xFFFF_FFFF == 0xBD39_43F3)
        #expect(XXHash64.hash(bytes) == 0xB6A1_E412_BD39_43F3)  // the high half is ours: a regression check
    }

    @Test func everySingleByteFlipChangesTheHash() {
        let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let original = XXHash64.hash(bytes)
        for index in bytes.indices {
            var flipped = bytes
            flipped[index] ^= 0x01
            #expect(XXHash64.hash(flipped) != original, "flip at \(index)")
        }
    }
}
