/// Reads the JSON of a message part (RFC 8259), strictly and within bounds: a hostile peer's
/// part is at most a frame long, and nesting deeper than `maximumDepth` is refused rather than
/// recursed into.
package struct JupyterJSONParser {
    static let maximumDepth = 64

    private let bytes: [UInt8]
    private var index = 0

    /// The value `bytes` hold, nil when they are not exactly one JSON value.
    package static func parse(_ bytes: [UInt8]) -> JupyterJSON? {
        var parser = JupyterJSONParser(bytes: bytes)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.index == bytes.count ? value : nil
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int) -> JupyterJSON? {
        guard depth < Self.maximumDepth else { return nil }
        skipSpace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "{"): return object(depth: depth)
        case UInt8(ascii: "["): return array(depth: depth)
        case UInt8(ascii: "\""): return string().map(JupyterJSON.string)
        case UInt8(ascii: "t"): return literal("true", .bool(true))
        case UInt8(ascii: "f"): return literal("false", .bool(false))
        case UInt8(ascii: "n"): return literal("null", .null)
        default: return number()
        }
    }

    private mutating func literal(_ word: String, _ value: JupyterJSON) -> JupyterJSON? {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected) else { return nil }
        index += expected.count
        return value
    }

    private mutating func object(depth: Int) -> JupyterJSON? {
        index += 1
        var members: [String: JupyterJSON] = [:]
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\""), let key = string() else { return nil }
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
            index += 1
            guard let item = value(depth: depth + 1) else { return nil }
            members[key] = item
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "}") else { return nil }
            index += 1
            return .object(members)
        }
    }

    private mutating func array(depth: Int) -> JupyterJSON? {
        index += 1
        var items: [JupyterJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
        while true {
            guard let item = value(depth: depth + 1) else { return nil }
            items.append(item)
            skipSpace()
            guard index < bytes.count else { return nil }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            guard bytes[index] == UInt8(ascii: "]") else { return nil }
            index += 1
            return .array(items)
        }
    }

    private mutating func number() -> JupyterJSON? {
        let start = index
        let allowed = Array("+-0123456789.eE".utf8)
        while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !text.isEmpty else { return nil }
        if let whole = Int(text) { return .int(whole) }
        return Double(text).map(JupyterJSON.double)
    }

    /// A string literal starting at `index` (its opening quote), escapes decoded; nil when it is
    /// unterminated, has a raw control character or a bad escape.
    private mutating func string() -> String? {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) -> Bool {
            guard end > run else { return true }
            guard let text = String(validating: bytes[run..<end], as: UTF8.self) else { return false }
            scalars.append(contentsOf: text.unicodeScalars)
            return true
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                guard flush(index) else { return nil }
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { return nil }
            guard byte == UInt8(ascii: "\\") else { index += 1; continue }
            guard flush(index), index + 1 < bytes.count else { return nil }
            index += 1
            switch bytes[index] {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                guard let unit = hex4(at: index + 1) else { return nil }
                index += 4
                if (0xD800..<0xDC00).contains(unit), bytes.count > index + 2, bytes[index + 1] == UInt8(ascii: "\\"),
                   bytes[index + 2] == UInt8(ascii: "u"), let low = hex4(at: index + 3), (0xDC00..<0xE000).contains(low) {
                    index += 6
                    scalars.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}")
                } else {
                    scalars.append(Unicode.Scalar(unit) ?? "\u{FFFD}")
                }
            default: return nil
            }
            index += 1
            run = index
        }
        return nil
    }

    private func hex4(at start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        return UInt32(String(decoding: bytes[start..<(start + 4)], as: UTF8.self), radix: 16)
    }
}
