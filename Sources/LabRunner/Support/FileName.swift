#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// File names are bytes, not text: a name unzip made from a Windows archive (`Jos\xe9.md` in
/// Latin-1) is a file like any other. Paths stay `String`s through the tool; a byte that is not
/// part of valid UTF-8 is carried as the scalar U+10FF00 + byte (U+10FF80...U+10FFFF, private
/// use), which `withSystemPath` turns back into that byte for the system and `ControlPictures`
/// shows as `\xe9`. The mapping is exact both ways: a name whose UTF-8 itself encodes one of those
/// scalars is read byte by byte too, so every name reaches the system as it was found.
package enum FileName {
    /// The first and last scalar that stand for a raw byte (0x80...0xFF).
    static let rawBytes: ClosedRange<UInt32> = 0x10FF80...0x10FFFF

    /// The path a name's bytes spell (argv, a directory entry).
    package static func decode(_ bytes: some Collection<UInt8>) -> String {
        let bytes = Array(bytes)
        // The common case: valid UTF-8 without any reserved scalar is the path itself.
        if let text = String(validating: bytes, as: UTF8.self),
           !text.unicodeScalars.contains(where: { rawBytes.contains($0.value) }) {
            return text
        }
        var scalars = String.UnicodeScalarView()
        var index = 0
        while index < bytes.count {
            if let (scalar, length) = validScalar(in: bytes, at: index), !rawBytes.contains(scalar.value) {
                scalars.append(scalar)
                index += length
            } else {
                scalars.append(rawByte(bytes[index]))
                index += 1
            }
        }
        return String(scalars)
    }

    /// The bytes the system gets for `path`.
    package static func encode(_ path: String) -> [UInt8] {
        guard carriesRawBytes(path) else { return Array(path.utf8) }
        var bytes: [UInt8] = []
        for scalar in path.unicodeScalars {
            if rawBytes.contains(scalar.value) {
                bytes.append(UInt8(scalar.value - 0x10FF00))
            } else {
                bytes += Array(String(scalar).utf8)
            }
        }
        return bytes
    }

    /// Whether `path` holds a byte that is not UTF-8 (and so needs `withSystemPath`).
    package static func carriesRawBytes(_ path: String) -> Bool {
        path.unicodeScalars.contains { rawBytes.contains($0.value) }
    }

    /// Calls `body` with the NUL-terminated bytes of `path`, as the system must see them.
    package static func withSystemPath<R>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> R) rethrows -> R {
        guard carriesRawBytes(path) else { return try path.withCString(body) }
        let bytes = encode(path).map { CChar(bitPattern: $0) } + [0]
        return try body(bytes)
    }

    /// How `ControlPictures` shows a raw byte, when `scalar` is one: `\xe9`.
    static func shownRawByte(_ scalar: Unicode.Scalar) -> String? {
        guard rawBytes.contains(scalar.value) else { return nil }
        return "\\x" + String(scalar.value - 0x10FF00, radix: 16)
    }

    /// The arguments the tool was started with, each decoded as a path would be.
    package static func commandLineArguments() -> [String] {
        (0..<Int(CommandLine.argc)).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return decode(UnsafeBufferPointer(start: argument, count: strlen(argument)).map { UInt8(bitPattern: $0) })
        }
    }

    private static func rawByte(_ byte: UInt8) -> Unicode.Scalar {
        // 0x10FF00 + a byte is always a valid scalar (below 0x110000, not a surrogate).
        Unicode.Scalar(0x10FF00 + UInt32(byte)) ?? "\u{FFFD}"
    }

    /// The scalar the well-formed UTF-8 sequence at `index` encodes, and its length in bytes.
    private static func validScalar(in bytes: [UInt8], at index: Int) -> (Unicode.Scalar, Int)? {
        let lead = bytes[index]
        let length: Int
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        // String's own validation decides overlong forms, surrogates and the range.
        guard let text = String(validating: bytes[index..<(index + length)], as: UTF8.self),
              let scalar = text.unicodeScalars.first, text.unicodeScalars.count == 1 else { return nil }
        return (scalar, length)
    }
}
