/// Tells a sample that is not a program (a listing) from one that is, with the reason in words.
///
/// Conservative: only what can never be top-level Swift makes a listing (a placeholder, a
/// declaration without its body, an elision, a member outside a type, `case` outside a
/// `switch`, a `}` closing a body the sample does not show, a terminal session, a program's
/// output, a text diagram or a grammar production: `ListingClassifier+NotSwift`). A sample with a real syntax error, such as a missing `)`, is a program that fails:
/// when the brackets do not balance, only a placeholder, an elision or such a `}` make a listing.
package enum ListingClassifier {
    /// Every reason the sample is a listing, most telling first; empty when it is a program.
    package static func reasons(_ symbols: SampleSymbols) -> [ListingReason] {
        if let session = terminalSession(symbols.code) { return [session] }
        if let output = programOutput(symbols) { return [output] }
        if let diagram = textDiagram(symbols) { return [diagram] }
        let tokens = symbols.tokens
        var reasons: [ListingReason] = []
        if let item = symbols.items.first(where: { !$0.placeholders.isEmpty }), let placeholder = item.placeholders.first {
            reasons.append(ListingReason(kind: .placeholder, description: "editor placeholder \(placeholder)", line: item.lines.lowerBound))
        }
        if let elision = elision(tokens) {
            reasons.append(ListingReason(kind: .fragment, description: "fragment: elision '\(tokens.text(elision))'", line: tokens.tokens[elision].line))
        }
        let problem = symbols.bracketProblem
        if let problem, let reason = unbalancedFragment(problem, tokens) { reasons.append(reason) }
        guard problem == nil else { return reasons }
        if let last = tokens.tokens.indices.last, tokens.is(last, ",") {
            // `.package(url: …),`: an element of a list the sample does not show.
            reasons.append(ListingReason(kind: .fragment, description: "fragment: ends with ','", line: tokens.tokens[last].line))
        }
        if let missing = symbols.items.lazy.flatMap(\.missingBodies).first {
            reasons.append(ListingReason(kind: .declarationsWithoutBodies, description: "declarations without bodies", line: missing.line))
        }
        for item in symbols.items {
            if let reason = misplaced(item, symbols) {
                reasons.append(reason)
                break
            }
        }
        if let line = selfOutsideType(symbols) {
            reasons.append(ListingReason(kind: .fragment, description: "fragment: 'self' outside a type", line: line))
        }
        return reasons
    }

    /// The line of a `self` in an item that declares no type (a statement, a `func`, a `let`):
    /// top-level code has no `self`, so the sample is an excerpt of a method's body. An item with
    /// a type declared anywhere inside it is left alone (its `self` may be that type's).
    private static func selfOutsideType(_ symbols: SampleSymbols) -> Int? {
        let tokens = symbols.tokens
        for (item, outlined) in zip(symbols.items, symbols.outline.items) {
            let range = outlined.tokens
            if let kind = item.kind, kind != .func, kind != .let, kind != .var { continue }
            // Index loops, and `is` rather than a set literal per token: this reads every token of
            // every such item.
            var declaresType = false
            var selfAt: Int? = nil
            var at = range.lowerBound
            while at < range.upperBound, !declaresType {
                switch tokens.kind(at) {
                case .keyword:
                    if SwiftKeywords.typeBodies.contains(tokens.text(at)) { declaresType = true }
                    if selfAt == nil, tokens.is(at, "self"), !tokens.is(at - 1, ".") { selfAt = at }
                case .identifier:
                    if tokens.is(at, "actor"), tokens.kind(at + 1) == .identifier { declaresType = true }
                default:
                    break
                }
                at += 1
            }
            guard !declaresType else { continue }
            if let selfAt { return tokens.tokens[selfAt].line }
        }
        return nil
    }

    /// `init`, `static func`, `case`, `default:`, `return`, `else`… where a top level cannot have them.
    private static func misplaced(_ item: TopLevelItem, _ symbols: SampleSymbols) -> ListingReason? {
        let line = item.lines.lowerBound
        let text = String(decoding: symbols.code[item.range], as: UTF8.self)
        let first = text.prefix { $0.isLetter || $0 == "_" }
        if item.kind == .enumCase {
            let switchCase = text.hasPrefix("case .") || text.hasPrefix("case let") || text.hasPrefix("case var")
                || text.split(separator: "\n").first?.trimmingCharacters(in: .whitespaces).hasSuffix(":") == true
            return ListingReason(kind: .fragment, description: switchCase ? "fragment: 'case' outside a switch" : "fragment: enum 'case' outside an enum", line: line)
        }
        if let kind = item.kind, kind.isMemberOnly {
            return ListingReason(kind: .fragment, description: "fragment: '\(kind.rawValue)' outside a type", line: line)
        }
        if let kind = item.kind, let modifier = item.modifiers.first(where: SwiftKeywords.memberModifiers.contains) {
            return ListingReason(kind: .fragment, description: "fragment: '\(modifier) \(kind.rawValue)' outside a type", line: line)
        }
        if item.isStatement, SwiftKeywords.startingFragment.contains(String(first)) {
            let place = first == "return" ? "a function" : first == "else" || first == "catch" || first == "where" ? "its statement" : "a switch"
            return ListingReason(kind: .fragment, description: "fragment: '\(first)' outside \(place)", line: line)
        }
        return nil
    }

    /// A `}` that closes what the sample does not show (the sample starts with it, or everything
    /// before it is indented deeper), or a `{` never closed where a comment elides the rest.
    private static func unbalancedFragment(_ problem: BracketProblem, _ tokens: SampleTokens) -> ListingReason? {
        let token = problem.token
        switch problem.kind {
        case .neverOpened where problem.text == "}":
            guard let index = tokens.tokens.firstIndex(of: token) else { return nil }
            let indentedAbove = (0..<index).allSatisfy { !tokens.startsLine($0) || tokens.tokens[$0].column > token.column }
            guard indentedAbove else { return nil }
            let description = index == 0 ? "fragment: starts with '}'" : "fragment: '}' closes a body the sample does not show"
            return ListingReason(kind: .fragment, description: description, line: token.line)
        case .neverClosed where problem.text == "{":
            if let last = tokens.tokens.indices.last, tokens.tokens[last] == token {
                // `if case let x = a, let y = b {`: a statement's head, shown for its syntax.
                return ListingReason(kind: .fragment, description: "fragment: ends with '{', its body not shown", line: token.line)
            }
            guard tokens.elidingComments.contains(where: { $0 >= token.line }) else { return nil }
            return ListingReason(kind: .fragment, description: "fragment: '{' never closed, the rest elided", line: token.line)
        default:
            return nil
        }
    }

    /// `...` or `…` standing for code (`foo(...)`, a line of its own), not a range (`0...n`, `a[2...]`).
    private static func elision(_ tokens: SampleTokens) -> Int? {
        var index = -1
        while index + 1 < tokens.count {
            index += 1
            let token = tokens.tokens[index]
            // `…` (U+2026, bytes E2 80 A6) lexes as an identifier character.
            if token.kind == .identifier, hasByte(0xE2, tokens.bytes, token.range), tokens.text(index).contains("…") { return index }
            guard token.kind == .operator, token.range.count == 3, tokens.is(index, "...") else { continue }
            let before = index > 0 && !tokens.startsLine(index) && isOperandEnd(tokens, index - 1)
            let after = index + 1 < tokens.count && !tokens.startsLine(index + 1) && isOperandStart(tokens, index + 1)
            // A range: `a...b` or `a ... b` (infix), `a...` (postfix, no space before), `...b` (prefix,
            // no space after). `NSObject ... {` is none of them: an elision.
            let range = (before && after) || (before && !tokens.spaceBefore(index)) || (after && !tokens.spaceAfter(index))
            if !range { return index }
        }
        return nil
    }

    /// An index loop: `contains` over a slice is generic, slow in a debug build, and this asks every identifier.
    private static func hasByte(_ byte: UInt8, _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        var at = range.lowerBound
        while at < range.upperBound {
            if bytes[at] == byte { return true }
            at += 1
        }
        return false
    }

    private static func isOperandEnd(_ tokens: SampleTokens, _ index: Int) -> Bool {
        switch tokens.kind(index) {
        case .identifier, .number, .stringSegment, .regex, .placeholder, .interpolationEnd: return true
        case .keyword: return SwiftKeywords.literals.contains(tokens.text(index))
        case .punctuation: return tokens.is(index, ")") || tokens.is(index, "]")
        // A postfix `!` or `?` stuck to its operand (`lhs! ... rhs!`).
        case .operator: return !tokens.spaceBefore(index) && (tokens.is(index, "!") || tokens.is(index, "?"))
        default: return false
        }
    }

    private static func isOperandStart(_ tokens: SampleTokens, _ index: Int) -> Bool {
        switch tokens.kind(index) {
        case .identifier, .number, .stringSegment, .regex, .placeholder, .poundKeyword: return true
        case .keyword: return SwiftKeywords.literals.contains(tokens.text(index))
        case .punctuation: return tokens.is(index, "(") || tokens.is(index, "[")
        default: return false
        }
    }
}

/// Why a sample is a listing rather than a program.
package struct ListingReason: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        /// API listings: `func f()` without `{…}`, `var x: Int { get }` outside a protocol.
        case declarationsWithoutBodies
        /// An editor placeholder, `<#name#>`, in code.
        case placeholder
        /// Code that is not top-level Swift: an excerpt of a body, an elision, a member alone.
        case fragment
        /// Commands at a shell prompt and their output (`$ greet Nadia`): not Swift at all.
        case terminalSession
        /// What a program printed (`Usage: command [--foo <foo>]`), shown as code: not Swift at all.
        case programOutput
        /// A text diagram (box drawing, arrows), as doc comments draw a layout: not Swift at all.
        case diagram
        /// Bodiless declarations of names a module the reader imports provides (`import DequeModule`
        /// then `@frozen struct Deque<Element>`): DocC's "Declaration" summary of an API, not
        /// Swift to parse, and shadowing nothing (`DeclarationSummary`).
        case declarationSummary
    }

    package let kind: Kind
    /// In words, for reports: `declarations without bodies`, `editor placeholder <#statements#>`,
    /// `fragment: 'case' outside a switch`.
    package let description: String
    /// 1-based line in the sample's code where the reason shows first.
    package let line: Int
}
