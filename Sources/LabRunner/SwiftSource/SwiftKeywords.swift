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

    /// `#name`s that are compiler control statements rather than expressions.
    package static let directives: Set<String> = ["if", "elseif", "else", "endif", "sourceLocation", "warning", "error"]

    /// The longest reserved word (`precedencegroup`): longer identifiers need no lookup.
    static let longest = 15

    private static let reservedByLength = byLength(reserved)
    private static let endingExpressionByLength = byLength(endingExpression)

    /// Whether `bytes[range]` is a reserved word; without making a String, as it runs for every name.
    static func isReserved(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        contains(reservedByLength, bytes, range)
    }

    static func endsExpression(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        contains(endingExpressionByLength, bytes, range)
    }

    private static func byLength(_ words: Set<String>) -> [[[UInt8]]] {
        var table = Array(repeating: [[UInt8]](), count: longest + 1)
        for word in words { table[word.utf8.count].append(Array(word.utf8)) }
        return table
    }

    private static func contains(_ table: [[[UInt8]]], _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard range.count < table.count else { return false }
        return table[range.count].contains { word in word.elementsEqual(bytes[range]) }
    }
}
