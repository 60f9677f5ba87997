#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The canonical byte encoding a compile-cache key hashes.
///
/// Every field is written as a tag, an 8-byte big-endian length and its UTF-8 bytes, and the
/// argument list as its count followed by each argument that way. Nothing is joined with a
/// separator, so no two different inputs encode to the same bytes: `["-D", "A B"]` and
/// `["-D A", "B"]`, or a source ending in what looks like a flag, stay distinct.
struct CacheKeyEncoding {
    /// Bump when anything about what the cache stores or how it is keyed changes, or when
    /// entries stored before may be wrong: old entries then simply stop matching (and age out
    /// through pruning). 2: a sample linked with a package could fail from a race on a file
    /// beside the package's objects, and that failure was stored as its verdict.
    static let formatVersion = "labrunner-compile-cache 2"

    private(set) var bytes: [UInt8] = []

    mutating func append(_ tag: String, _ value: String) {
        appendRaw(Array(tag.utf8))
        appendRaw(Array(value.utf8))
    }

    mutating func append(_ tag: String, list: [String]) {
        appendRaw(Array(tag.utf8))
        appendLength(list.count)
        for item in list { appendRaw(Array(item.utf8)) }
    }

    private mutating func appendRaw(_ field: [UInt8]) {
        appendLength(field.count)
        bytes.append(contentsOf: field)
    }

    private mutating func appendLength(_ length: Int) {
        let value = UInt64(length)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    /// OS and CPU architecture of this machine, e.g. `linux x86_64`.
    ///
    /// The OS is fixed when labrunner is built; the machine is asked at run time (`uname`), so a
    /// cache folder shared between machines (a synced home) never hands one the other's binary.
    static let platform: String = {
        #if os(macOS)
        let system = "macos"
        #elseif os(Linux)
        let system = "linux"
        #else
        let system = "other"
        #endif
        var names = utsname()
        guard uname(&names) == 0 else { return system }
        let machine = withUnsafeBytes(of: &names.machine) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return system + " " + machine
    }()
}
