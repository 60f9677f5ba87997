/// An API listing (declarations without bodies) made fit for `swiftc -parse`, so that a listing
/// is still checked for syntax: swiftc's parser accepts `func f()` and `init(x: Int)` without
/// bodies (only the type checker wants them), but not `var x: Int { get }` outside a protocol,
/// nor a subscript without accessors, nor `init` or `static func` outside a type.
package enum ListingSyntax {
    /// The listing's code with `{ get }`-style accessor blocks turned to spaces, every other byte
    /// as written. When its top level has members only a type may have (`init`, `static func`…)
    /// and nothing only a file may have (`extension`, `import`, operators), it is put inside
    /// `struct _LabRunnerListing { … }`. `#sourceLocation(file:line:)` says where line 1 of the
    /// code is (`line`: the Markdown line of the block's first content line), so swiftc's errors
    /// point into the Markdown.
    package static func parseableSource(_ symbols: SampleSymbols, file: String, line: Int) -> String {
        var bytes = symbols.code
        for item in symbols.items {
            for missing in item.missingBodies {
                guard let range = missing.requirementAccessors, range.upperBound <= bytes.count else { continue }
                for index in range where bytes[index] != SwiftASCII.newline && bytes[index] != SwiftASCII.carriageReturn {
                    bytes[index] = SwiftASCII.space
                }
                // swiftc's parser takes a `var` or `func` without a body, never a subscript: its
                // `{ get }` becomes an empty getter, `{}`, the columns after it kept.
                if missing.declaration.split(separator: " ").last == "subscript", range.count >= 2 {
                    bytes[range.lowerBound] = UInt8(ascii: "{")
                    bytes[range.lowerBound + 1] = UInt8(ascii: "}")
                }
            }
        }
        let location = "#sourceLocation(file: \(SwiftLiteral.string(file)), line: \(line))\n"
        let code = String(decoding: bytes, as: UTF8.self)
        guard needsType(symbols) else { return location + code + "\n#sourceLocation()\n" }
        return "struct _LabRunnerListing {\n" + location + code + "\n#sourceLocation()\n}\n"
    }

    private static let fileScopeOnly: Set<DeclarationKind> = [.extension, .import, .operator, .precedencegroup, .macro]
    /// Modifiers that put a listing inside a type: a member's, but `optional`, a protocol's only.
    private static let memberModifiers = SwiftKeywords.memberModifiers.subtracting(["optional"])

    private static func needsType(_ symbols: SampleSymbols) -> Bool {
        let kinds = symbols.items.compactMap(\.kind)
        guard !kinds.contains(where: fileScopeOnly.contains) else { return false }
        return symbols.items.contains { item in
            item.kind?.isMemberOnly == true || (item.kind != nil && item.modifiers.contains(where: memberModifiers.contains))
        }
    }
}
