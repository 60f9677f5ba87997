@testable import LabRunner

/// What one Swift file declares and which names it uses, read from `SwiftLexer`'s tokens.
///
/// Scopes are followed by braces: a `{` opens the body of the type or extension declared just
/// before it, and anything else (a function, an accessor, a closure) is code, whose declarations
/// are local. Good enough for the layering check: it only needs names, not types.
struct SourceFacts {
    /// Types declared outside code: top level, nested in types and extensions, and typealiases.
    var types: Set<String> = []
    /// Functions, variables and constants declared at the top level.
    var globals: Set<String> = []
    /// Functions, variables and constants declared directly in an `extension`'s body.
    var extensionMembers: Set<String> = []
    /// Every name the file declares anywhere (members, locals, cases), so a name the file
    /// declares itself is never taken for another stage's.
    var declared: Set<String> = []
    var uses: [Use] = []

    /// A name used at a place; `afterDot` for a member access (`value.name`, `.name`).
    struct Use: Equatable {
        let name: String
        let line: Int
        let column: Int
        let afterDot: Bool
    }

    private enum Scope { case type, `extension`, code }

    private static let typeKeywords: Set<String> = ["struct", "enum", "class", "protocol", "actor"]
    private static let memberKeywords: Set<String> = ["func", "var", "let", "case"]

    init(source: String) {
        let bytes = Array(source.utf8)
        let tokens = SwiftLexer.tokens(in: bytes).filter { !$0.isComment }
        var scopes: [Scope] = []
        var pending: Scope? = nil
        var declarationNames: Set<Int> = []  // token indices that name a declaration
        for (index, token) in tokens.enumerated() {
            let text = token.text(in: bytes)
            let next = index + 1 < tokens.count && tokens[index + 1].kind == .identifier ? tokens[index + 1] : nil
            let name = next?.name(in: bytes)
            let outsideCode = scopes.last != .code
            let afterDot = index > 0 && tokens[index - 1].kind == .punctuation && tokens[index - 1].text(in: bytes) == "."
            switch token.kind {
            case .keyword where Self.typeKeywords.contains(text) || text == "typealias",
                 .identifier where text == "actor" && !afterDot:
                guard let name else { break }
                declarationNames.insert(index + 1)
                declared.insert(name)
                if outsideCode { types.insert(name) }
                pending = outsideCode && text != "typealias" ? .type : .code
            case .keyword where text == "extension":
                pending = .extension
            case .keyword where Self.memberKeywords.contains(text):
                pending = .code
                guard let name else { break }
                declarationNames.insert(index + 1)
                declared.insert(name)
                if scopes.isEmpty, text != "case" { globals.insert(name) }
                if scopes.last == .extension, text != "case" { extensionMembers.insert(name) }
            case .punctuation where text == "{":
                scopes.append(pending ?? .code)
                pending = nil
            case .punctuation where text == "}":
                _ = scopes.popLast()
            case .identifier where !declarationNames.contains(index):
                uses.append(Use(name: token.name(in: bytes), line: token.line, column: token.column, afterDot: afterDot))
            default:
                break
            }
        }
    }
}
