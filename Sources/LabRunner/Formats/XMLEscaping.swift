/// Escaping that keeps any Swift string well-formed XML 1.0, whatever a lab printed.
enum XMLEscaping {
    /// Character data: `&`, `<`, `>`, `"` and `'` as entities (`>` so that `]]>` cannot occur),
    /// a carriage return as `&#13;` so that parsers do not turn it into a line feed, and every
    /// character XML 1.0 does not allow (C0 controls other than tab, line feed and carriage
    /// return; U+FFFE, U+FFFF) replaced with U+FFFD.
    static func text(_ string: String) -> String {
        escape(string, preservingWhitespace: false)
    }

    /// An attribute value, to go between double quotes: as `text`, and tab and line feed as
    /// character references too, since attribute normalization would turn them into spaces.
    static func attribute(_ string: String) -> String {
        escape(string, preservingWhitespace: true)
    }

    /// True for the characters XML 1.0 allows in a document (its `Char` production).
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x9, 0xA, 0xD: true
        case 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: true
        default: false
        }
    }

    private static func escape(_ string: String, preservingWhitespace: Bool) -> String {
        var out = String.UnicodeScalarView()
        // Scalars, not Characters: "\r\n" is one Character and must still lose its "\r".
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": out.append(contentsOf: "&amp;".unicodeScalars)
            case "<": out.append(contentsOf: "&lt;".unicodeScalars)
            case ">": out.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": out.append(contentsOf: "&quot;".unicodeScalars)
            case "'": out.append(contentsOf: "&apos;".unicodeScalars)
            case "\r": out.append(contentsOf: "&#13;".unicodeScalars)
            case "\n" where preservingWhitespace: out.append(contentsOf: "&#10;".unicodeScalars)
            case "\t" where preservingWhitespace: out.append(contentsOf: "&#9;".unicodeScalars)
            default: out.append(isAllowed(scalar) ? scalar : "\u{FFFD}")
            }
        }
        return String(out)
    }
}
