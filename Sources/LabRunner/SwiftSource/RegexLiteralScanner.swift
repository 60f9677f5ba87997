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
        guard first != Ascii.space, first != Ascii.tab, !Ascii.isNewline(first), start + 1 < bytes.count else { return nil }
        var depth = 0
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case Ascii.newline, Ascii.carriageReturn:
                return nil
            case Ascii.backslash:
                if Ascii.isNewline(byte(index + 1)) { return nil }
                index += 2
                continue
            case Ascii.openParen:
                depth += 1
            case Ascii.closeParen:
                if depth == 0 { return nil }
                depth -= 1
            case Ascii.slash:
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
        let multiline = Ascii.isNewline(byte(bodyStart))
        var index = bodyStart
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Ascii.backslash {
                index += Ascii.isNewline(self.byte(index + 1)) && !multiline ? 1 : 2
                continue
            }
            if !multiline, Ascii.isNewline(byte) { break }
            if byte == Ascii.slash, (0..<pounds).allSatisfy({ self.byte(index + 1 + $0) == Ascii.pound }) {
                return token(.regex, start, index + 1 + pounds)
            }
            index += 1
        }
        return token(.regex, start, Swift.min(index, bytes.count), unterminated: true)
    }
}
