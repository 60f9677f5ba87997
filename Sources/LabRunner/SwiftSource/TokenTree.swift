/// Tokens with their brackets grouped once: `()`, `[]`, `{}` and interpolations `\(…)`, each
/// opener linked to its closer and every token to the innermost group holding it.
///
/// A closer closes the innermost open group whatever its kind (`(]` is one group), as the readers
/// of guides always took it; `BracketBalance` reports such a group as mismatched. A closer with
/// nothing open closes nothing; an opener left open runs to the end. Comments and strings hold no
/// brackets: only punctuation and interpolation tokens count.
///
/// A class, though nothing in it changes: readers ask it millions of questions over a corpus
/// through `SampleTokens.tree`, and as a struct of three arrays each question copied it (three
/// retains and releases) in a debug build.
package final class TokenTree: Sendable {
    /// The bracket a token is, if any.
    package enum Bracket: Sendable, Equatable {
        case parenthesis, square, brace, interpolation
    }

    /// What a token is in the tree.
    private enum Link: Sendable {
        case leaf
        /// An opener; nil when it never closes.
        case opener(closer: Int?)
        /// A closer; nil when nothing was open.
        case closer(opener: Int?)
    }

    package let tokens: [Token]
    private let links: [Link]
    /// The opener of the innermost group holding each token (for an opener or closer, the group around its own).
    private let parents: [Int?]

    package init(_ tokens: [Token], in bytes: [UInt8]) {
        var links = [Link](repeating: .leaf, count: tokens.count)
        var parents = [Int?](repeating: nil, count: tokens.count)
        var open: [Int] = []
        var index = -1
        while index + 1 < tokens.count {
            index += 1
            guard let (_, opening) = TokenTree.bracket(tokens[index], in: bytes) else {
                parents[index] = open.last
                continue
            }
            if opening {
                parents[index] = open.last
                links[index] = .opener(closer: nil)
                open.append(index)
            } else if let opener = open.popLast() {
                parents[index] = open.last
                links[opener] = .opener(closer: index)
                links[index] = .closer(opener: opener)
            } else {
                links[index] = .closer(opener: nil)
            }
        }
        self.tokens = tokens
        self.count = tokens.count
        self.links = links
        self.parents = parents
    }

    /// Stored: asking `tokens.count` retains and releases the array in a debug build.
    package let count: Int

    /// `index` is a token's. Compared by hand: `tokens.indices.contains` is generic, slow in a
    /// debug build, and every question to the tree asks it.
    @inline(__always) private func holds(_ index: Int) -> Bool { index >= 0 && index < count }

    /// True for an opener, closed or not.
    package func opens(_ index: Int) -> Bool {
        guard holds(index), case .opener = links[index] else { return false }
        return true
    }

    /// The closer of the opener at `index`; nil when it never closes or is no opener.
    package func closer(of index: Int) -> Int? {
        guard holds(index), case .opener(let closer) = links[index] else { return nil }
        return closer
    }

    /// The opener the closer at `index` closes; nil when nothing was open or it is no closer.
    package func opener(of index: Int) -> Int? {
        guard holds(index), case .closer(let opener) = links[index] else { return nil }
        return opener
    }

    /// True for a closer that closes nothing open (a `}` a fragment starts with).
    package func closesNothing(_ index: Int) -> Bool {
        guard holds(index), case .closer(nil) = links[index] else { return false }
        return true
    }

    /// The opener of the innermost group holding the token at `index`; nil at the top level.
    package func parent(of index: Int) -> Int? {
        holds(index) ? parents[index] : nil
    }

    /// The index past the token at `index`, or past its whole group when it opens one (the end
    /// when the group never closes).
    package func after(_ index: Int) -> Int {
        guard holds(index), case .opener(let closer) = links[index] else { return index + 1 }
        if let closer { return closer + 1 }
        return count
    }

    /// The indices of `range` at its own depth, in order: each token, an opener standing for its
    /// whole group (read its inside with `contents(of:)`).
    package func level(_ range: Range<Int>) -> [Int] {
        var indices: [Int] = []
        var index = range.lowerBound
        while index < range.upperBound {
            indices.append(index)
            index = after(index)
        }
        return indices
    }

    /// The tokens inside the group the opener at `index` opens (to the end when it never closes);
    /// nil for a token that opens nothing.
    package func contents(of index: Int) -> Range<Int>? {
        guard holds(index), case .opener(let closer) = links[index] else { return nil }
        return (index + 1)..<(closer ?? tokens.count)
    }

    /// Openers that never close, in source order.
    package var unclosed: [Int] {
        var found: [Int] = []
        var index = 0
        while index < links.count {
            if case .opener(nil) = links[index] { found.append(index) }
            index += 1
        }
        return found
    }

    /// The bracket the token at `index` is, and whether it opens.
    package func bracket(_ index: Int, in bytes: [UInt8]) -> (Bracket, opening: Bool)? {
        holds(index) ? TokenTree.bracket(tokens[index], in: bytes) : nil
    }

    static func bracket(_ token: Token, in bytes: [UInt8]) -> (Bracket, opening: Bool)? {
        switch token.kind {
        case .interpolationStart: return (.interpolation, true)
        case .interpolationEnd: return (.interpolation, false)
        case .punctuation:
            switch bytes[token.range.lowerBound] {
            case SwiftASCII.openParen: return (.parenthesis, true)
            case SwiftASCII.closeParen: return (.parenthesis, false)
            case SwiftASCII.openBracket: return (.square, true)
            case SwiftASCII.closeBracket: return (.square, false)
            case SwiftASCII.openBrace: return (.brace, true)
            case SwiftASCII.closeBrace: return (.brace, false)
            default: return nil
            }
        default: return nil
        }
    }
}
