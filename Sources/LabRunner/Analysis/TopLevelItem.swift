/// One top-level item of a sample: a declaration, an `import`, or a statement, located so it can
/// be taken alone into another program.
///
/// Made by `SampleSymbols`. Names are as written, without backticks. `uses` are the names the item
/// refers to that something at the top level could declare: identifiers that are not members
/// (after `.`), argument labels, keywords or names the item binds itself (parameters, locals,
/// generic parameters, closure parameters); operators an item applies are uses too (`==`, `+++`).
package struct TopLevelItem: Sendable, Equatable {
    package let kind: DeclarationKind?
    /// Byte offsets into the sample's code, from the first attribute or modifier to the last token.
    package let range: Range<Int>
    /// 1-based lines of the sample's code the item spans.
    package let lines: ClosedRange<Int>
    /// 1-based byte column of the item's first byte.
    package let column: Int
    /// What the item declares at the top level: a type's, function's or operator's name, every
    /// name a `let`/`var` pattern binds, the names a top-level `guard let` binds; empty for an
    /// extension (see `extendedType`) and other statements.
    package let names: [String]
    /// The type an `extension` extends, as written (`Array` for `extension [Int]`, `Foo` for `extension Foo.Bar`).
    package let extendedType: String?
    /// Names in the inheritance clause of a type or an extension (`Equatable`, `Shape`).
    package let conformances: [String]
    /// Members a type or extension declares in its body: what `.name` can reach through it.
    package let memberNames: [String]
    /// Attribute names without `@` (`main`, `MainActor`, `available`).
    package let attributes: [String]
    /// Modifiers before the keyword (`public`, `static`, `final`, `private(set)` as `private`).
    package let modifiers: [String]
    /// Bodies the item needs and lacks: `func f()` without `{…}` at the top level or in a type,
    /// `var x: Int { get }` outside a protocol. Empty when the item is complete.
    package let missingBodies: [MissingBody]
    package let uses: Set<String>
    /// Names used after `.` (`x.area`, `.red`): how an extension's members are reached.
    package let memberUses: Set<String>
    /// Editor placeholders (`<#name#>`) in the item's code, as written.
    package let placeholders: [String]
    /// Of a statement's `uses`, the names it changes (`MutationReader`): `fruits` for
    /// `fruits[1] = "grapes"` or `fruits.append("kiwi")`. Empty for a declaration.
    package var mutates: Set<String> = []
    /// A statement that starts an unstructured task, `Task { … }` or `Task.detached { … }`, or a
    /// `let`/`var` of one name bound to one (`let handle = Task { … }`): a program that runs
    /// waits for it before it ends (`SampleProgram`).
    package var startsTask = false

    package var isDeclaration: Bool { kind != nil && kind != .import }
    package var isStatement: Bool { kind == nil }
    package var hasBody: Bool { missingBodies.isEmpty }
    /// `@main`: the program's entry point, to be built alone with `-parse-as-library`.
    package var isMain: Bool { attributes.contains("main") }
    /// Usable in another sample's program: nothing missing, no placeholder, no entry point.
    package var isComplete: Bool { missingBodies.isEmpty && placeholders.isEmpty && !isMain }

    /// Keys under which the item occupies the top level of a program: its names, and for an
    /// extension `Type.member` for each member and `Type: Protocol` for each conformance (two
    /// extensions declaring the same member or conformance clash).
    package var topLevelKeys: [TopLevelKey] {
        guard kind == .extension, let type = extendedType else { return names.map(TopLevelKey.name) }
        return memberNames.map { .member(type: type, name: $0) } + conformances.map { .conformance(type: type, protocol: $0) }
    }

    /// The item's text from `code`, preceded by spaces up to its column so that diagnostics under
    /// a `#sourceLocation` directive point at the right column.
    package func source(in code: [UInt8]) -> String {
        String(repeating: " ", count: column - 1) + String(decoding: code[range], as: UTF8.self)
    }
}

/// What a top-level declaration declares; `TopLevelItem.kind` is nil for a statement.
package enum DeclarationKind: String, Sendable, Equatable, CaseIterable {
    case `struct`, `class`, `enum`, actor, `protocol`, `typealias`, `func`, `let`, `var`, `extension`
    case `operator`, `precedencegroup`, macro, `import`
    case initializer = "init", deinitializer = "deinit", `subscript`, enumCase = "case", `associatedtype`
    /// `#if … #endif` holding at least one declaration: taken whole, declaring every name inside.
    case conditionalBlock = "#if"

    /// Kinds that only exist inside a type: at the top level they make a sample a fragment.
    package var isMemberOnly: Bool {
        switch self {
        case .initializer, .deinitializer, .subscript, .enumCase, .associatedtype: true
        default: false
        }
    }

    /// Kinds that declare a type, whose body holds members.
    package var isType: Bool {
        switch self {
        case .struct, .class, .enum, .actor, .protocol: true
        default: false
        }
    }
}

/// A body a declaration needs and lacks.
package struct MissingBody: Sendable, Equatable {
    /// What lacks it, as written up to its name: `func zip`, `init`, `var count`, `subscript`.
    package let declaration: String
    /// 1-based line in the sample's code.
    package let line: Int
    /// Byte range of a `{ get }`-style accessor block standing for the body, if that is what it has.
    package var requirementAccessors: Range<Int>? = nil
}
