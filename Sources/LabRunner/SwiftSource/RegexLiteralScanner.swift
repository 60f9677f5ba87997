/// Regex literals (SE-0354): `#/…/#` always, bare `/…/` only where Swift reads one.
///
/// A bare `/` starts a regex where an expression can begin (not after a name, a literal or a
/// closing bracket: `a / b` divides), when it is not followed by a space or tab, when the
/// literal closes on the same line, and when it holds no unbalanced `)` (so `reduce(1, /)` and
/// `(x /) ` stay operators). Otherwise the `/` is an operator, as in swiftc.
extension SwiftLexer {
    /// The bare regex literal at `start`, or nil when the `/` is an operator.
    mutating func scanBareRegex(at start: Int) -> Token? {
        let first = byte(start + 1)
        guard start + 1 < bytes.count, first != SwiftASCII.space, first != SwiftASCII.tab, !SwiftASCII.isNewline(first)
        else { return nil }
        var depth = 0
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case SwiftASCII.newline, SwiftASCII.carriageReturn:
                return nil
            case SwiftASCII.backslash:
                if SwiftASCII.isNewline(byte(index + 1)) { return nil }
                index += 2
                continue
            case SwiftASCII.openParen:
                depth += 1
            case SwiftASCII.closeParen:
                if depth == 0 { return nil }
                depth -= 1
            case SwiftASCII.slash:
                return token(.regex, start, index + 1)
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// `#/…/#` with `pounds` `#`s on each side. After `#/` and a line ending it may span lines;
    /// otherwise it ends, unterminated, at the end of its line.
    mutating func scanExtendedRegex(at start: Int, pounds: Int) -> Token {
        let bodyStart = start + pounds + 1
        let multiline = SwiftASCII.isNewline(byte(bodyStart))
        var index = bodyStart
        while index < bytes.count {
            let byte = bytes[index]
            if byte == SwiftASCII.backslash {
                index += SwiftASCII.isNewline(self.byte(index + 1)) && !multiline ? 1 : 2
                continue
            }
            if !multiline, SwiftASCII.isNewline(byte) { break }
            if byte == SwiftASCII.slash, (0..<pounds).allSatisfy({ self.byte(index + 1 + $0) == SwiftASCII.pound }) {
                return token(.regex, start, index + 1 + pounds)
            }
            index += 1
        }
        return token(.regex, start, Swift.min(index, bytes.count), unterminated: true)
    }
}
