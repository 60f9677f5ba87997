/// The words `SwiftLexer` reports as keywords and directives.
///
/// Only reserved words are keywords. Contextual ones (`actor`, `some`, `async`, `open`, `get`,
/// `mutating`…) are identifiers: each is a valid name somewhere, and a client that cares (finding
/// declarations) looks at the identifier's text.
package enum SwiftKeywords {
    package static let reserved: Set<String> = [
        // Declarations.
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "operator", "precedencegroup", "private", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var",
        // Statements.
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
        // Expressions and types.
        "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    ]

    /// Keywords after which a `/` cannot start a regex literal: they end an expression
    /// (`self / 2`) or name an operator (`func / (…)`).
    static let endingExpression: Set<String> = ["self", "Self", "super", "true", "false", "nil", "Any", "func", "operator"]

    /// Keywords that are values: `self`, `true`, `nil`… (an operand, like a name or a literal).
    static let literals: Set<String> = ["self", "Self", "super", "true", "false", "nil"]

    /// Modifiers a declaration can start with (reserved or contextual), `class` included: a
    /// reader tells `class func` from `class Name`.
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "package", "static", "class", "final", "override",
        "mutating", "nonmutating", "lazy", "weak", "unowned", "dynamic", "optional", "required", "convenience",
        "indirect", "prefix", "postfix", "infix", "nonisolated", "isolated", "distributed", "consuming", "borrowing",
        "__consuming", "unsafe", "async",   // `async let`
    ]

    /// Modifiers only a member of a type can have.
    static let memberModifiers: Set<String> = [
        "static", "class", "override", "mutating", "nonmutating", "required", "convenience", "optional", "lazy",
    ]

    /// The words of an accessor block that only declares accessors: `{ get }`, `{ mutating get async throws }`.
    static let accessorRequirements: Set<String> = [
        "get", "set", "mutating", "nonmutating", "async", "throws", "_read", "_modify", "__consuming",
    ]

    /// Contextual keywords the lexer reports as identifiers and that never name a top-level
    /// declaration worth looking up (`_`, `some`, `get`, `newValue`, modifiers…). `Type` and
    /// `Protocol` are not here: after `.` they are members anyway, and alone they name a type a
    /// sample may declare (`struct Type`).
    static let contextual: Set<String> = [
        "_", "some", "any", "get", "set", "willSet", "didSet", "newValue", "oldValue", "async", "await", "mutating",
        "nonmutating", "lazy", "weak", "unowned", "override", "final", "open", "convenience", "required", "indirect",
        "nonisolated", "isolated", "consuming", "borrowing", "actor", "dynamic", "optional", "prefix", "postfix",
        "infix", "package", "macro", "each", "sending", "unsafe", "of", "distributed",
    ]

    /// Words the lexer reports as identifiers (each is a valid name somewhere) that are keywords
    /// where the grammar uses them, with the context that makes them one (`ContextualKeywords`
    /// reads it). The Swift Programming Language lists them under Lexical Structure: its
    /// declaration keywords the compiler keeps contextual (`borrowing`, `consuming`,
    /// `nonisolated`, `open`), `await`, and its "keywords reserved in particular contexts"; then
    /// the contextual words of Swift 6's grammar that list leaves out (`actor`, `any`, `isolated`,
    /// `sending`, `macro`, `each`, `consume`…, a precedence group's `higherThan`…). `_` is there too:
    /// the lexer reads it as a name, the book as the keyword of patterns. The book's `precedence`
    /// is not: Swift 3 replaced the operator declarations that used it with precedence groups.
    package static let contextualKeywords: [String: ContextualRole] = [
        "_": .always,
        "async": .effect,
        "get": .accessor, "set": .accessor, "willSet": .accessor, "didSet": .accessor, "_read": .accessor, "_modify": .accessor,
        "Type": .metatype, "Protocol": .metatype,
        "associativity": .precedenceGroup, "left": .precedenceGroup, "right": .precedenceGroup, "none": .precedenceGroup,
        "higherThan": .precedenceGroup, "lowerThan": .precedenceGroup, "assignment": .precedenceGroup,
    ].merging([
        // Modifiers.
        "borrowing", "consuming", "nonisolated", "open", "convenience", "dynamic", "final", "indirect", "infix", "lazy",
        "mutating", "nonmutating", "optional", "override", "package", "postfix", "prefix", "required", "unowned", "weak",
        "isolated", "sending", "distributed",
        // Declarations, expressions and types.
        "actor", "macro", "await", "some", "any", "each", "consume", "copy", "discard", "unsafe",
    ].map { ($0, ContextualRole.beforeWord) }, uniquingKeysWith: { first, _ in first })

    /// Modifiers that take a word in parentheses, which is then a keyword too:
    /// `unowned(safe)`, `nonisolated(unsafe)`, `private(set)`.
    static let modifiersWithArgument: Set<String> = [
        "unowned", "nonisolated", "private", "fileprivate", "internal", "public", "package", "open",
    ]

    /// The words those parentheses hold: `private(set)`, `unowned(safe)`, `unowned(unsafe)`,
    /// `nonisolated(nonsending)`.
    static let modifierArguments: Set<String> = ["set", "safe", "unsafe", "nonsending"]

    /// Keywords after which a word is the name being declared or bound, never a keyword:
    /// `func open()`, `let some = 1`, `case none`. (Not `for`: `for await line in lines`.)
    static let beforeName: Set<String> = [
        "func", "var", "let", "case", "class", "struct", "enum", "protocol", "typealias", "associatedtype",
        "precedencegroup", "operator", "import", "actor", "macro",
    ]

    /// Keywords followed by the name they declare (a member's, a local type's, a case's).
    static let declaringName: Set<String> = [
        "func", "struct", "class", "enum", "protocol", "typealias", "associatedtype", "case", "precedencegroup",
    ]

    /// Keywords whose declaration's name (or, for `init` and `subscript`, the keyword itself) can be
    /// followed by generic parameters (`actor` and `macro` are contextual).
    static let genericDeclarations: Set<String> = [
        "func", "struct", "class", "enum", "typealias", "actor", "subscript", "init", "macro",
    ]

    /// Statements whose header binds names for their body only: `if let`, `while let`, `for x in`, `catch let`.
    static let bindingInBody: Set<String> = ["if", "while", "for", "catch"]

    /// The keywords that bind names: `let`, `var`.
    static let bindingKeywords: Set<String> = ["let", "var"]

    /// Words between `let`/`var`/`for` and the pattern they bind: `for case let x`, `let x = try await`.
    static let beforePattern: Set<String> = ["case", "let", "var", "try", "await"]

    /// Words a closure's signature may hold besides names and types: `{ (x: inout Int) async throws -> Int in`.
    static let closureSignature: Set<String> = ["throws", "rethrows", "async", "inout"]

    /// Words before a type in an inheritance clause that are not the type: `any P`, `some P`.
    static let typePrefixes: Set<String> = ["any", "some"]

    /// Keywords that start a line continuing the statement above: `} else {`, `} catch {`, `where`.
    static let continuingLine: Set<String> = ["else", "catch", "where", "in", "as", "is", "throws", "rethrows"]

    /// Keywords that cannot end a statement: a line ending with one goes on below.
    static let unfinishedLine: Set<String> = [
        "in", "as", "is", "where", "throw", "try", "case", "else", "let", "var", "func", "struct", "class", "enum",
        "protocol", "extension", "typealias", "import", "if", "guard", "while", "for", "switch", "operator", "inout",
        "static", "public", "private", "fileprivate", "internal", "precedencegroup", "associatedtype", "subscript",
    ]

    /// Keywords whose next `{` (outside brackets) opens a block of statements that runs in place
    /// (`PrintsComments` counts the comments in it).
    static let controlBlocks: Set<String> = ["if", "guard", "else", "for", "while", "repeat", "do", "catch", "switch"]

    /// Keywords a statement cannot start with outside a function, a statement or a `switch`:
    /// a sample starting with one is a fragment.
    static let startingFragment: Set<String> = ["default", "return", "else", "catch", "where", "fallthrough"]

    /// Conditional compilation directives: `#if`, its branches and `#endif`.
    static let conditionalDirectives: Set<String> = ["#if", "#elseif", "#else", "#endif"]

    /// Keywords whose body holds members a `self` refers to.
    static let typeBodies: Set<String> = ["struct", "class", "enum", "protocol", "extension"]

    /// `#name`s that are compiler control statements rather than expressions.
    package static let directives: Set<String> = ["if", "elseif", "else", "endif", "sourceLocation", "warning", "error"]

    /// The longest reserved word (`precedencegroup`): longer identifiers need no lookup.
    static let longest = 15

    private static let reservedByStart = byStart(reserved)
    private static let endingExpressionByStart = byStart(endingExpression)

    /// Whether `bytes[range]` is a reserved word; without making a String, as it runs for every name.
    static func isReserved(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        contains(reservedByStart, bytes, range)
    }

    static func endsExpression(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        contains(endingExpressionByStart, bytes, range)
    }

    /// The words by length and first byte, at `length * 128 + byte` (all are ASCII): most names
    /// meet no candidate at all, and the rest one or two.
    private static func byStart(_ words: Set<String>) -> [[[UInt8]]] {
        var table = Array(repeating: [[UInt8]](), count: (longest + 1) * 128)
        for word in words {
            let bytes = Array(word.utf8)
            table[bytes.count * 128 + Int(bytes[0])].append(bytes)
        }
        return table
    }

    /// Byte loops over indices, not `contains(where:)` and `elementsEqual` over a slice: those are
    /// generic, and unspecialized in a debug build they were a tenth of the guide analysis's time.
    private static func contains(_ table: [[[UInt8]]], _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        let start = range.lowerBound
        let length = range.upperBound - start
        guard length >= 1, length <= longest, bytes[start] < 0x80 else { return false }
        let words = table[length * 128 + Int(bytes[start])]
        var number = 0
        while number < words.count {
            let word = words[number]
            var offset = 0
            while offset < length, word[offset] == bytes[start + offset] { offset += 1 }
            if offset == length { return true }
            number += 1
        }
        return false
    }
}

/// What makes a contextual keyword (`SwiftKeywords.contextualKeywords`) a keyword where it stands.
package enum ContextualRole: Sendable, Equatable {
    /// Always: `_`.
    case always
    /// Followed by another word on its line: `final class`, `some View`, `await load()`, `actor Bank`.
    case beforeWord
    /// As `beforeWord`, or after `)` or before `->`: an effect, `() async -> Int`.
    case effect
    /// An accessor, before `{`, `}`, another accessor or an effect: `get { … }`, `{ get set }`, `set(value) {`.
    case accessor
    /// After `.`: `Int.Type`, `P.Protocol`.
    case metatype
    /// Inside `precedencegroup { … }`: `associativity: left`, `higherThan: AdditionPrecedence`.
    case precedenceGroup
}
