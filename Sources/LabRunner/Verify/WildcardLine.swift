/// An expected line containing `[..]`, each of which matches any text (possibly empty) within
/// the line. Everything else in the line is literal: no regex, no escaping.
struct WildcardLine: Sendable, Equatable {
    /// The literal text between wildcards; `pieces.count` is the number of wildcards plus one.
    /// The first piece must start the line and the last must end it; pieces may be empty
    /// (e.g. for `[..]` at either end or `[..][..]`).
    let pieces: [ArraySlice<UInt8>]

    /// Nil when `line` has no `[..]`, so callers can compare such lines as plain bytes.
    init?(_ line: ArraySlice<UInt8>) {
        var pieces: [ArraySlice<UInt8>] = []
        var pieceStart = line.startIndex
        var i = line.startIndex
        while i + 4 <= line.endIndex {
            if line[i] == UInt8(ascii: "["), line[i + 1] == UInt8(ascii: "."),
               line[i + 2] == UInt8(ascii: "."), line[i + 3] == UInt8(ascii: "]") {
                pieces.append(line[pieceStart..<i])
                i += 4
                pieceStart = i
            } else {
                i += 1
            }
        }
        guard !pieces.isEmpty else { return nil }
        pieces.append(line[pieceStart...])
        self.pieces = pieces
    }

    init?(_ line: String) { self.init(ArraySlice(line.utf8)) }

    /// Classic linear wildcard matching: with only "match anything" wildcards, anchoring the first
    /// and last pieces and then taking the leftmost occurrence of each middle piece is exact, since
    /// an earlier occurrence never leaves less room for the pieces after it.
    func matches(_ text: ArraySlice<UInt8>) -> Bool {
        let first = pieces[0], last = pieces[pieces.count - 1]
        guard text.count >= first.count + last.count,
              text.prefix(first.count).elementsEqual(first),
              text.suffix(last.count).elementsEqual(last)
        else { return false }
        var position = text.startIndex + first.count
        let end = text.endIndex - last.count
        for piece in pieces.dropFirst().dropLast() where !piece.isEmpty {
            guard let found = Self.firstOccurrence(of: piece, in: text[position..<end]) else { return false }
            position = found + piece.count
        }
        return true
    }

    func matches(_ text: String) -> Bool { matches(ArraySlice(text.utf8)) }

    /// Naive search; pieces come from hand-written expected lines and are short, so scanning for
    /// the first byte and comparing in place beats building a search table.
    private static func firstOccurrence(of needle: ArraySlice<UInt8>, in haystack: ArraySlice<UInt8>) -> Int? {
        guard needle.count <= haystack.count, let head = needle.first else { return nil }
        var i = haystack.startIndex
        let lastStart = haystack.endIndex - needle.count
        while i <= lastStart {
            if haystack[i] == head, haystack[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }
}
