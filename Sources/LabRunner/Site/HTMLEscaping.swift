/// Escaping for text a page did not write itself: lab code, output, errors, file names, prose.
/// Everything from a lab goes through here, so no lab text is ever read as markup.
enum HTMLEscaping {
    /// Text between tags: `&`, `<`, `>` and `"` as entities (as cmark escapes them).
    static func text(_ string: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// An attribute value in double quotes: the same escapes, plus `'`.
    static func attribute(_ string: some StringProtocol) -> String {
        text(string).split(separator: "'", omittingEmptySubsequences: false).joined(separator: "&#39;")
    }

    /// A URL as cmark writes it: bytes outside the characters URLs may hold percent-encoded,
    /// existing `%XX` escapes kept, then escaped for an attribute.
    static func url(_ string: String) -> String {
        let safe = Set("-_.!~*'();/?:@&=+$,#%[]ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        let bytes = Array(string.utf8)
        var out: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "%") {
                let isEscape = index + 2 < bytes.count && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
                if isEscape { out.append(byte) } else { out += Array("%25".utf8) }
            } else if safe.contains(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return text(String(decoding: out, as: UTF8.self))
    }

    /// An id for an anchor: letters, digits and `-` only.
    static func anchor(_ string: String) -> String {
        String(string.lowercased().map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}

extension UInt8 {
    var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
