/// What the compile cache records next to each executable, to tell an intact entry from a
/// damaged one: the executable's size and its XXH64 checksum.
///
/// Why a 64-bit non-cryptographic checksum and not SHA-256: the check guards against accidents
/// (a crash or full disk leaving a truncated or empty file, since entries are published without
/// fsync; a stray edit; a bit flip), not against an attacker. The cache lives in folders only the
/// user can write (0700, ownership checked), and whoever can write there can replace the
/// metadata as easily as the executable, so a cryptographic hash would add no protection. For
/// accidental damage, a size mismatch catches every truncation and XXH64 misses other changes
/// with probability about 2^-64, while reading and hashing a typical lab executable (under a few
/// MB, already in the page cache) costs well under a millisecond: cheap enough for every lookup.
/// Size and mtime alone would be cheaper but miss a flipped byte.
struct CacheEntry: Equatable, Sendable {
    static let executableName = "lab"
    static let metadataName = "entry"
    private static let header = "labrunner-cache-entry 1"

    let size: Int
    let checksum: UInt64

    init(size: Int, checksum: UInt64) {
        self.size = size
        self.checksum = checksum
    }

    /// The entry describing `bytes`.
    init(describing bytes: [UInt8]) {
        self.init(size: bytes.count, checksum: XXHash64.hash(bytes))
    }

    /// The metadata file's text: three lines, nothing optional.
    var encoded: String {
        "\(Self.header)\nsize \(size)\nxxh64 \(Self.hex(checksum))\n"
    }

    /// Parses `encoded`; nil for anything else (a truncated or foreign file counts as damage).
    init?(decoding text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 4, lines[0] == Self.header, lines[3].isEmpty,
              lines[1].hasPrefix("size "), let size = Int(lines[1].dropFirst(5)), size >= 0,
              lines[2].hasPrefix("xxh64 "), lines[2].count == 6 + 16,
              let checksum = UInt64(lines[2].dropFirst(6), radix: 16)
        else { return nil }
        self.init(size: size, checksum: checksum)
    }

    /// True if `bytes` are exactly what this entry recorded. The size is compared first, so a
    /// truncated file is rejected without hashing it.
    func matches(_ bytes: [UInt8]) -> Bool {
        bytes.count == size && XXHash64.hash(bytes) == checksum
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
