/// The ASCII bytes and byte classes `SwiftLexer` reads. Bytes of 0x80 and above (any non-ASCII
/// UTF-8, valid or not) continue identifiers.
enum SwiftASCII {
    static let tab: UInt8 = 0x09, newline: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20
    static let bang = UInt8(ascii: "!"), quote = UInt8(ascii: "\""), pound = UInt8(ascii: "#"), dollar = UInt8(ascii: "$")
    static let percent = UInt8(ascii: "%"), ampersand = UInt8(ascii: "&"), openParen = UInt8(ascii: "(")
    static let closeParen = UInt8(ascii: ")"), star = UInt8(ascii: "*"), plus = UInt8(ascii: "+"), comma = UInt8(ascii: ",")
    static let minus = UInt8(ascii: "-"), dot = UInt8(ascii: "."), slash = UInt8(ascii: "/"), zero = UInt8(ascii: "0")
    static let nine = UInt8(ascii: "9"), colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), less = UInt8(ascii: "<")
    static let equal = UInt8(ascii: "="), greater = UInt8(ascii: ">"), question = UInt8(ascii: "?"), at = UInt8(ascii: "@")
    static let openBracket = UInt8(ascii: "["), backslash = UInt8(ascii: "\\"), closeBracket = UInt8(ascii: "]")
    static let caret = UInt8(ascii: "^"), underscore = UInt8(ascii: "_"), backtick = UInt8(ascii: "`")
    static let openBrace = UInt8(ascii: "{"), pipe = UInt8(ascii: "|"), closeBrace = UInt8(ascii: "}")
    static let tilde = UInt8(ascii: "~")
    static let lowerE = UInt8(ascii: "e"), lowerP = UInt8(ascii: "p"), lowerX = UInt8(ascii: "x")

    @inline(__always) static func isNewline(_ byte: UInt8) -> Bool { byte == newline || byte == carriageReturn }

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= nine }

    @inline(__always) static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    @inline(__always) static func isIdentifierStart(_ byte: UInt8) -> Bool {
        let lower = byte | 0x20
        return (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || byte == underscore || byte >= 0x80
    }

    @inline(__always) static func isIdentifierContinue(_ byte: UInt8) -> Bool {
        isIdentifierStart(byte) || isDigit(byte)
    }

    /// Swift's ASCII operator characters, except `.` (which only operators starting with a dot hold).
    @inline(__always) static func isOperator(_ byte: UInt8) -> Bool {
        switch byte {
        case slash, equal, minus, plus, bang, star, percent, less, greater, ampersand, pipe, caret, tilde, question: true
        default: false
        }
    }
}
