/// The top-level names a statement changes, read from its tokens without types: what a later
/// sample that reads one of them must have run before it, as its reader did (the session rule of
/// `ContextResolver`).
///
/// A name changes where it is assigned through (`x = …`, `x[i] = …`, `x.field += …`, also inside
/// a loop or a closure), passed `inout` (`&x`), or where a statement is one call of a method on it
/// (`x.append(…)`, `try x.sort { … }`): without types a mutating method cannot be told from
/// another, so any method called as a whole statement counts; a non-mutating one run earlier is
/// only wasted work (its output comes before the later sample's marker). A method called inside
/// an expression (`print(x.sorted())`, `let y = x.removeLast()`) does not count.
enum MutationReader {
    /// Of `uses` (the item's top-level names), those it changes.
    static func mutated(_ tokens: SampleTokens, in range: Range<Int>, uses: Set<String>) -> Set<String> {
        guard !uses.isEmpty else { return [] }
        var mutated: Set<String> = []
        for index in range where tokens.kind(index) == .identifier {
            let name = tokens.name(index)
            guard uses.contains(name), !mutated.contains(name), !tokens.is(index - 1, "."), !tokens.is(index - 1, "\\"),
                  !tokens.isKeyword(index - 1, ["let", "var"]) else { continue }
            if changes(tokens, at: index, in: range) { mutated.insert(name) }
        }
        return mutated
    }

    private static let assignments: Set<String> = ["+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "<<=", ">>=",
                                                   "&+=", "&-=", "&*=", "&<<=", "&>>="]

    /// Whether the name at `index` is assigned through, passed `inout`, or has a method called on it as a statement.
    private static func changes(_ tokens: SampleTokens, at index: Int, in range: Range<Int>) -> Bool {
        if tokens.is(index - 1, "&"), !tokens.spaceBefore(index), index - 1 >= range.lowerBound { return true }
        // The postfix chain after the name: subscripts, members, optional chaining.
        var next = index + 1
        var lastMember: Int? = nil
        while next < range.upperBound {
            if tokens.opens(next, .square), !tokens.spaceBefore(next) {
                next = tokens.after(next)
            } else if tokens.is(next, "."), tokens.kind(next + 1) == .identifier {
                lastMember = next + 1
                next += 2
            } else if tokens.is(next, "?") || tokens.is(next, "!"), !tokens.spaceBefore(next) {
                next += 1
            } else {
                break
            }
        }
        guard next < range.upperBound else { return false }
        if tokens.is(next, "=") || (tokens.kind(next) == .operator && assignments.contains(tokens.text(next))) { return true }
        // `x.method(…)` or `x.method { … }`, the whole statement.
        guard let member = lastMember, member == next - 1, startsStatement(tokens, index, range) else { return false }
        var end = next
        if tokens.opens(end, .parenthesis), !tokens.spaceBefore(end) { end = tokens.after(end) }
        while tokens.opens(end, .brace) {
            end = tokens.after(end)
            // Further trailing closures: `label: { … }`.
            if tokens.kind(end) == .identifier, tokens.is(end + 1, ":"), tokens.opens(end + 2, .brace) { end += 2 }
        }
        guard end > next else { return false }
        return endsStatement(tokens, end, range)
    }

    /// The token at `index` begins a statement: the item's first, a line's first, or after `{`, `;`,
    /// `try`, `try?`, `try!` or `await`.
    private static func startsStatement(_ tokens: SampleTokens, _ index: Int, _ range: Range<Int>) -> Bool {
        var start = index
        while start > range.lowerBound {
            let before = start - 1
            if tokens.isKeyword(before, ["try"]) || tokens.isIdentifier(before, ["await"]) {
                start = before
            } else if tokens.is(before, "?") || tokens.is(before, "!"), tokens.isKeyword(before - 1, ["try"]) {
                start = before - 1
            } else {
                break
            }
        }
        return start == range.lowerBound || tokens.startsLine(start) || tokens.is(start - 1, "{") || tokens.is(start - 1, ";")
    }

    /// Nothing of the statement follows `index`: the item ends, a line starts, or `;` or `}`.
    private static func endsStatement(_ tokens: SampleTokens, _ index: Int, _ range: Range<Int>) -> Bool {
        index >= range.upperBound || tokens.startsLine(index) || tokens.is(index, ";") || tokens.is(index, "}")
    }
}
