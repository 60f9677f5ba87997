/// Regex literals (SE-0354): `#/…/#` always, bare `/…/` only where Swift 6 reads one.
///
/// A bare `/` starts a regex where an expression can begin (not after a name, a literal or a
/// closing bracket: `a / b` divides), when the literal closes on the same line, neither starts
/// nor ends with a space or tab, and holds no unbalanced `)` outside escapes and character
/// classes (so `reduce(1, /)` and `bar(/x) / 2` stay operators). In an expression position,
/// operator characters before a `/` are a prefix operator when a regex follows (`^^/x/`).
/// Otherwise the `/` is an operator, as in swiftc.
extension SwiftLexer {
    /// The bare regex literal at `start`, or nil when the `/` is an operator.
    mutating func scanBareRegex(at start: Int) -> Token? {
        regexEnd(at: start).map { token(.regex, start, $0) }
    }

    /// Where a bare regex literal starting at `start` (a `/`) would end, or nil when there is none.
    func regexEnd(at start: Int) -> Int? {
        guard bareSlashRegex else { return nil }
        let first = byte(start + 1)
        guard start + 1 < bytes.count, first != SwiftASCII.space, first != SwiftASCII.tab, !SwiftASCII.isNewline(first)
        else { return nil }
        var parentheses = 0
        var classes = 0  // custom character classes `[…]`, which may nest
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case SwiftASCII.newline, SwiftASCII.carriageReturn:
                return nil
            case SwiftASCII.backslash:
                if SwiftASCII.isNewline(byte(index + 1)) { return nil }
                index += 2
                continue
            case SwiftASCII.openBracket:
                classes += 1
            case SwiftASCII.closeBracket where classes > 0:
                classes -= 1
            case SwiftASCII.openParen where classes == 0:
                parentheses += 1
            case SwiftASCII.closeParen where classes == 0:
                if parentheses == 0 { return nil }
                parentheses -= 1
            case SwiftASCII.slash:
                let last = bytes[index - 1]
                return last == SwiftASCII.space || last == SwiftASCII.tab ? nil : index + 1
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
