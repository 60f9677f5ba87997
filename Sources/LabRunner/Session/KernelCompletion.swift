import Foundation

/// The kernel's answers about code not run: `is_complete_request` from the brackets, strings
/// and comments `BracketBalance` reads, `complete_request` from keywords, the standard names a
/// lab uses and the names the notebook's cells declare, `inspect_request` for the prelude's
/// `Lab` API and those names.
enum KernelCompletion {
    /// `complete` when the cell can run as it is, `incomplete` (with the indent of the next
    /// line) while a bracket, string or comment is open or a line ends in an operator,
    /// `invalid` when a bracket closes what was never opened or a magic is unknown.
    static func isComplete(_ code: String) -> JupyterJSON {
        guard case .success(let magics) = KernelMagics.parse(code) else { return .object(["status": .string("invalid")]) }
        let bytes = Array(magics.code.utf8)
        if let problem = BracketBalance.firstProblem(in: bytes) {
            guard problem.kind == .neverClosed else { return .object(["status": .string("invalid")]) }
            return .object(["status": .string("incomplete"), "indent": .string(String(repeating: " ", count: 4 * openDepth(bytes)))])
        }
        let tokens = SwiftLexer.tokens(in: bytes).filter { !$0.isComment }
        // A binary operator at the end (`a +`, spaced) continues on the next line; a postfix one
        // (`x!`, touching what it follows) ends the expression.
        if let last = tokens.last,
           (last.kind == .operator && last.range.lowerBound > 0 && [0x20, 0x09].contains(bytes[last.range.lowerBound - 1]))
            || (last.kind == .punctuation && [".", "=", ",", "->", ":"].contains(last.text(in: bytes))) {
            return .object(["status": .string("incomplete"), "indent": .string("    ")])
        }
        return .object(["status": .string("complete")])
    }

    /// Brackets open at the end of `bytes`, for the next line's indent.
    private static func openDepth(_ bytes: [UInt8]) -> Int {
        var depth = 0
        for token in SwiftLexer.tokens(in: bytes) where token.kind == .punctuation {
            switch token.text(in: bytes) {
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth = max(0, depth - 1)
            default: break
            }
        }
        return max(1, depth)
    }

    /// Names that start with the word before `cursor` (a count of Unicode scalars, as the
    /// protocol counts since 5.2); after `Lab.`, the prelude's members.
    static func complete(_ code: String, cursor: Int, cells: [KernelNotebook.Cell]) -> JupyterJSON {
        let scalars = Array(code.unicodeScalars)
        let end = min(max(0, cursor), scalars.count)
        var start = end
        while start > 0, isNameScalar(scalars[start - 1]) { start -= 1 }
        let prefix = String(String.UnicodeScalarView(scalars[start..<end]))
        let afterLab = start >= 4 && String(String.UnicodeScalarView(scalars[(start - 4)..<start])) == "Lab."
        let candidates: Set<String> = afterLab
            ? Set(labMembers.keys)
            : SwiftKeywords.reserved.union(standardNames).union(["Lab"]).union(declaredNames(in: cells.map(\.code) + [code]))
        let matches = candidates.filter { $0.hasPrefix(prefix) && $0 != prefix || (prefix.isEmpty && afterLab) }.sorted()
        return .object([
            "status": .string("ok"), "matches": .array(matches.map(JupyterJSON.string)),
            "cursor_start": .int(start), "cursor_end": .int(end), "metadata": .object([:]),
        ])
    }

    /// What the name at `cursor` is: a member of the prelude's `Lab`, a name a cell declares (its
    /// declaration line), or a keyword.
    static func inspect(_ code: String, cursor: Int, cells: [KernelNotebook.Cell]) -> JupyterJSON {
        let scalars = Array(code.unicodeScalars)
        let at = min(max(0, cursor), scalars.count)
        var start = at, end = at
        while start > 0, isNameScalar(scalars[start - 1]) { start -= 1 }
        while end < scalars.count, isNameScalar(scalars[end]) { end += 1 }
        let name = String(String.UnicodeScalarView(scalars[start..<end]))
        let qualified = start >= 4 && String(String.UnicodeScalarView(scalars[(start - 4)..<start])) == "Lab."
        var text: String? = nil
        if qualified || name == "Lab" {
            text = name == "Lab" ? "enum Lab: the lab prelude (Lab.scenario, Lab.scenarios, Lab.pick)" : labMembers[name]
        } else if let line = declaration(of: name, in: cells) {
            text = line
        } else if SwiftKeywords.reserved.contains(name) {
            text = "\(name): a Swift keyword"
        }
        guard let text, !name.isEmpty else {
            return .object(["status": .string("ok"), "found": .bool(false), "data": .object([:]), "metadata": .object([:])])
        }
        return .object(["status": .string("ok"), "found": .bool(true), "data": .object(["text/plain": .string(text)]), "metadata": .object([:])])
    }

    static let labMembers: [String: String] = [
        "scenario": "static let scenario: String\nThe scenario of this run (%scenario NAME picks it; the lab's first by default).",
        "scenarios": "static let scenarios: [String]\nThe scenarios the lab declares, in order.",
        "pick": "static func pick<T>(mock: T, empty: T, failing: T) -> T\nstatic func pick<T>(_ values: [String: T]) -> T\nThe value for the current scenario.",
    ]

    /// Names a lab's code uses most that are no keywords.
    static let standardNames: Set<String> = [
        "print", "String", "Int", "Double", "Bool", "Array", "Dictionary", "Set", "Optional", "Result", "Error",
        "Task", "TaskGroup", "AsyncStream", "MainActor", "Sendable", "Equatable", "Hashable", "Identifiable", "Codable",
        "fatalError", "precondition", "assert", "await", "async", "actor", "some", "any", "Observable", "Date", "URL",
        "Data", "JSONDecoder", "JSONEncoder", "Foundation", "Observation", "mutating", "nonisolated", "lazy", "weak",
    ]

    private static let declaring: Set<String> = ["func", "var", "let", "struct", "class", "enum", "protocol", "typealias", "case", "actor"]

    /// The names `codes` declare: the identifier after `func`, `let`, `struct`….
    static func declaredNames(in codes: [String]) -> Set<String> {
        var names = Set<String>()
        for code in codes {
            let bytes = Array(code.utf8)
            var previous: String? = nil
            for token in SwiftLexer.tokens(in: bytes) where !token.isComment {
                let text = token.text(in: bytes)
                if token.kind == .identifier, let previous, declaring.contains(previous) { names.insert(token.name(in: bytes)) }
                previous = text
            }
        }
        return names
    }

    /// The first line of an executed cell that declares `name`, with the cell it is in.
    private static func declaration(of name: String, in cells: [KernelNotebook.Cell]) -> String? {
        for cell in cells {
            let bytes = Array(cell.code.utf8)
            var previous: String? = nil
            for token in SwiftLexer.tokens(in: bytes) where !token.isComment {
                if token.kind == .identifier, let previous, declaring.contains(previous), token.name(in: bytes) == name {
                    let line = cell.code.split(separator: "\n", omittingEmptySubsequences: false)[token.line - 1]
                    return "\(line.trimmingCharacters(in: .whitespaces))\n(cell [\(cell.count)], line \(token.line))"
                }
                previous = token.text(in: bytes)
            }
        }
        return nil
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
    }
}
