/// The condition of an `#if` or `#elseif` line, read as the compiler reads it, to tell which
/// branch a key compiles with `-D SOLUTION` and which one a student's copy compiles without it.
///
/// Only what the tool can decide is evaluated: flags (SOLUTION, any other flag false), `true`,
/// `false`, `!`, `&&`, `||` and parentheses. A platform test (`os(Linux)`, `canImport(X)`,
/// `compiler(>=6)`, …) or text the reader does not understand is unknown: `nil`, kept through
/// the logic (`false && unknown` is still false), so only an answer that depends on it is unknown.
struct SolutionCondition: Sendable, Equatable {
    indirect enum Term: Sendable, Equatable {
        case flag(String)
        case literal(Bool)
        /// Decided by the compiler, not by flags: its text, as written.
        case platform(String)
        case not(Term)
        case and(Term, Term)
        case or(Term, Term)
    }

    /// The parsed condition, nil when the text is not one the reader understands.
    let term: Term?
    /// The text after the keyword, comments removed.
    let text: String

    /// Longer conditions are not read (a term per token, walked recursively): a hostile line
    /// in a graded submission must not exhaust a thread's stack.
    static let maximumTokens = 256

    init(_ text: String) {
        let tokens = Self.tokens(Self.withoutComments(text))
        self.text = tokens.joined(separator: " ")
        guard tokens.count <= Self.maximumTokens else {
            term = nil
            return
        }
        var reader = Reader(tokens: tokens)
        let term = reader.disjunction()
        self.term = reader.position == tokens.count ? term : nil
    }

    /// True when the condition names the flag (a line that does not is none of the tool's business).
    func mentions(_ flag: String) -> Bool {
        guard let term else { return text.split(whereSeparator: { !Self.isIdentifier($0) }).contains { $0 == flag } }
        return Self.mentions(flag, in: term)
    }

    /// Its value when exactly the given flags are set; nil when the compiler alone can tell.
    func value(defining flags: Set<String>) -> Bool? {
        term.flatMap { Self.value(of: $0, defining: flags) }
    }

    private static func value(of term: Term, defining flags: Set<String>) -> Bool? {
        switch term {
        case .flag(let name): return flags.contains(name)
        case .literal(let value): return value
        case .platform: return nil
        case .not(let inner): return value(of: inner, defining: flags).map { !$0 }
        case .and(let left, let right):
            let a = value(of: left, defining: flags), b = value(of: right, defining: flags)
            if a == false || b == false { return false }
            return a == true && b == true ? true : nil
        case .or(let left, let right):
            let a = value(of: left, defining: flags), b = value(of: right, defining: flags)
            if a == true || b == true { return true }
            return a == false && b == false ? false : nil
        }
    }

    private static func mentions(_ flag: String, in term: Term) -> Bool {
        switch term {
        case .flag(let name): return name == flag
        case .literal, .platform: return false
        case .not(let inner): return mentions(flag, in: inner)
        case .and(let left, let right), .or(let left, let right): return mentions(flag, in: left) || mentions(flag, in: right)
        }
    }

    /// The first unknown part, for an error that names it.
    var firstUnknown: String? {
        guard let term else { return text }
        func find(_ term: Term) -> String? {
            switch term {
            case .platform(let text): return text
            case .flag, .literal: return nil
            case .not(let inner): return find(inner)
            case .and(let left, let right), .or(let left, let right): return find(left) ?? find(right)
            }
        }
        return find(term)
    }

    // MARK: Reading

    private static func isIdentifier(_ character: Character) -> Bool {
        character == "_" || character.isLetter || character.isNumber
    }

    /// `//` to the end of the line and `/* … */` are comments, as after any directive.
    private static func withoutComments(_ text: String) -> String {
        var result = "", rest = Substring(text)
        while let slash = rest.firstIndex(of: "/") {
            let after = rest[rest.index(after: slash)...]
            if after.hasPrefix("/") { return result + rest[..<slash] }
            if after.hasPrefix("*") {
                result += rest[..<slash] + " "
                guard let close = after.range(of: "*/") else { return result }
                rest = after[close.upperBound...]
                continue
            }
            result += rest[...slash]
            rest = after
        }
        return result + rest
    }

    /// Identifiers, `&&`, `||`, `!`, parentheses; a call such as `os(Linux)` is one token with
    /// its parentheses, so a platform test reads as one unknown.
    private static func tokens(_ text: String) -> [String] {
        var tokens: [String] = []
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
            } else if isIdentifier(character) {
                var end = index
                while end < characters.count, isIdentifier(characters[end]) { end += 1 }
                var probe = end
                while probe < characters.count, characters[probe] == " " || characters[probe] == "\t" { probe += 1 }
                if probe < characters.count, characters[probe] == "(" {
                    // A call: up to its matching parenthesis.
                    var depth = 0
                    end = probe
                    repeat {
                        if characters[end] == "(" { depth += 1 } else if characters[end] == ")" { depth -= 1 }
                        end += 1
                    } while end < characters.count && depth > 0
                }
                tokens.append(String(characters[index..<end]))
                index = end
            } else if index + 1 < characters.count, ["&&", "||"].contains(String(characters[index...index + 1])) {
                tokens.append(String(characters[index...index + 1]))
                index += 2
            } else {
                tokens.append(String(character))
                index += 1
            }
        }
        return tokens
    }

    /// Recursive descent over `||`, `&&`, `!`, parentheses (as the compiler groups them).
    private struct Reader {
        let tokens: [String]
        var position = 0
        /// Parentheses nest at most this deep: a hostile line cannot exhaust the stack.
        static let maximumDepth = 64
        var depth = 0

        var next: String? { position < tokens.count ? tokens[position] : nil }

        mutating func disjunction() -> Term? {
            guard var left = conjunction() else { return nil }
            while next == "||" {
                position += 1
                guard let right = conjunction() else { return nil }
                left = .or(left, right)
            }
            return left
        }

        mutating func conjunction() -> Term? {
            guard var left = prefix() else { return nil }
            while next == "&&" {
                position += 1
                guard let right = prefix() else { return nil }
                left = .and(left, right)
            }
            return left
        }

        mutating func prefix() -> Term? {
            guard let token = next, depth < Self.maximumDepth else { return nil }
            position += 1
            switch token {
            case "!":
                depth += 1
                defer { depth -= 1 }
                return prefix().map { .not($0) }
            case "(":
                depth += 1
                defer { depth -= 1 }
                guard let inner = disjunction(), next == ")" else { return nil }
                position += 1
                return inner
            case "true": return .literal(true)
            case "false": return .literal(false)
            default:
                guard let first = token.first, first == "_" || first.isLetter else { return nil }
                return token.contains("(") ? .platform(token) : .flag(token)
            }
        }
    }
}
