/// Tells an excerpt from a sample that fails: when every error swiftc gave a sample is `cannot
/// find 'X' in scope` (or `cannot find type 'X'`, `cannot find operator 'X'`, or a type it could not infer through
/// such a name) and no X is declared anywhere its reader could have it, the sample is an excerpt of code the text never shows
/// (`someMutatingOperation()`, `logger`, a function's own parameters `subrange`), and only its
/// syntax could be checked: it is **parsed**, not failed. swiftc reports syntax errors beside
/// type errors, so a sample whose errors are all unknown names did parse.
///
/// A name the reader could have keeps the failure, since the text could have given it: one
/// declared by any sample of the file (earlier or later: a forward reference is the text's
/// order), by the file's own Swift code (a doc comment's file), by the package the run builds,
/// or by a toolchain module the sample forgot to import (`Mutex` without `import
/// Synchronization`); and one a letter or two from such a name or a standard library name
/// (`prnt`, `fruit` beside `fruits`): a typo, not an excerpt.
package enum ExcerptNames {
    /// The names that make `messages` (a sample's own errors) an excerpt's, sorted; nil when
    /// any error is another kind, or any name is one its reader could have.
    package static func free(in messages: [String], declared: DeclaredNames) -> [String]? {
        guard let names = unknownNames(in: messages) else { return nil }
        for name in names where declared.contains(name) || standardLibrary.contains(name) || toolchainNames[name] != nil
            || isTypo(name, declared: declared) {
            return nil
        }
        return names.sorted()
    }

    /// The names of `messages` when each is an unknown name or a type swiftc could not infer
    /// through one, sorted; nil when any is another error, or there is none.
    package static func unknownNames(in messages: [String]) -> [String]? {
        var names = Set<String>()
        for message in messages {
            // Types swiftc could not infer through a name it could not find: the same unknown.
            if isInferenceFailure(message) { continue }
            guard let name = unknownName(message), name.first.map({ $0 != "$" }) ?? false else { return nil }
            names.insert(name)
        }
        return names.isEmpty ? nil : names.sorted()
    }

    /// `generic parameter 'Element' could not be inferred`, `cannot infer contextual base in
    /// reference to member 'seconds'`: what swiftc adds when an expression holds a name it could
    /// not find (`numbers.chunks(ofCount: 2)`, `fastEvents.debounce(for: .seconds(1))`).
    static func isInferenceFailure(_ message: String) -> Bool {
        message.contains(" could not be inferred") || message.hasPrefix("cannot infer ") || message.hasPrefix("unable to infer ")
    }

    /// In words, for reports: `excerpt: uses logger, request, which nothing declares`.
    package static func reason(_ names: [String]) -> String {
        let shown = names.prefix(4).joined(separator: ", ") + (names.count > 4 ? " and \(names.count - 4) more" : "")
        return "excerpt: uses \(shown), which nothing declares"
    }

    /// `X` from `cannot find 'X' in scope` and `cannot find type 'X' in scope`.
    static func unknownName(_ message: String) -> String? {
        let prefixes = ["cannot find type '", "cannot find operator '", "cannot find '"]
        guard let prefix = prefixes.first(where: message.hasPrefix), message.hasSuffix("' in scope") else { return nil }
        let name = message.dropFirst(prefix.count).dropLast("' in scope".count)
        return name.isEmpty || name.contains("'") ? nil : String(name)
    }

    /// Within a typo's reach of a declared or standard library name (`EditDistance.closest`).
    private static func isTypo(_ name: String, declared: DeclaredNames) -> Bool {
        correction(name, declared: declared) != nil
    }

    /// The declared or standard library name `name` is a typo of. Names of three characters or
    /// fewer are too short to tell a typo from another name.
    private static func correction(_ name: String, declared: DeclaredNames) -> String? {
        guard name.count > 3, !declared.contains(name), !standardLibrary.contains(name) else { return nil }
        // A slip of one or two keys: a word more (`AsyncThrowingInterspersedSequence` beside
        // `AsyncInterspersedSequence`) is another name, not a typo.
        // And a type's name is no typo of a value's (`Topping` beside `toppings`): Swift's names
        // start with a capital letter for types only.
        let limit = name.count <= 5 ? 1 : 2
        let capital = name.first?.isUppercase ?? false
        // A length further off than the limit cannot be within it: most of a package's names are
        // never measured. Ties go to the first name in order, as a sorted list would.
        let length = name.count
        return (declared.all.union(standardLibrary))
            .filter { abs($0.count - length) <= limit && $0 != name && ($0.first?.isUppercase ?? false) == capital }
            .map { ($0, EditDistance.distance(name, $0)) }
            .filter { $0.1 <= limit }
            .min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }

    /// What to add to swiftc's `cannot find 'X' in scope` that a reader can act on: the module
    /// that declares X, or the name X is a typo of; nil when neither is known.
    package static func hint(for message: String, declared: DeclaredNames) -> String? {
        guard let name = unknownName(message) else { return nil }
        if let module = toolchainNames[name] { return "'\(name)' is declared in module '\(module)', which the sample does not import" }
        return correction(name, declared: declared).map { "did you mean '\($0)'?" }
    }

    /// Names of toolchain modules that no program imports by default, each with its module:
    /// a sample using one without the import is missing the import, a fault of the text.
    static let toolchainNames: [String: String] = {
        var names: [String: String] = [:]
        let modules: [(String, [String])] = [
            ("Synchronization", ["Mutex", "Atomic", "AtomicLazyReference", "AtomicRepresentable", "WordPair"]),
            ("Observation", ["Observable", "ObservationRegistrar", "withObservationTracking", "ObservationIgnored", "ObservationTracked"]),
            ("RegexBuilder", ["OneOrMore", "ZeroOrMore", "Optionally", "ChoiceOf", "Capture", "TryCapture", "Anchor",
                              "Lookahead", "NegativeLookahead", "Repeat", "Reference", "CharacterClass", "RegexComponentBuilder"]),
            ("Distributed", ["DistributedActorSystem", "LocalTestingDistributedActorSystem", "RemoteCallTarget"]),
            ("Testing", ["Test", "Suite", "Issue", "Trait", "Tag", "Confirmation", "confirmation", "withKnownIssue"]),
            ("XCTest", ["XCTestCase", "XCTAssert", "XCTAssertEqual", "XCTAssertTrue", "XCTAssertFalse", "XCTAssertNil",
                        "XCTAssertNotNil", "XCTAssertThrowsError", "XCTFail", "XCTUnwrap", "XCTestExpectation"]),
        ]
        for (module, list) in modules { for name in list { names[name] = module } }
        return names
    }()

    /// Standard library names a typo is usually near.
    private static let standardLibrary = [
        "print", "debugPrint", "dump", "assert", "precondition", "fatalError", "readLine", "stride", "zip",
        "repeatElement", "sequence", "min", "max", "abs", "swap", "withUnsafePointer", "withUnsafeMutablePointer",
        "String", "Int", "Double", "Float", "Bool", "Character", "Array", "Dictionary", "Set", "Optional", "Result",
        "Error", "Never", "Task", "TaskGroup", "AsyncStream", "AsyncThrowingStream", "Sendable", "Codable",
        "Equatable", "Hashable", "Comparable", "Identifiable", "CustomStringConvertible", "Sequence", "Collection",
        "Substring", "UInt", "Int64", "UInt8", "Data", "Date", "URL", "UUID", "JSONEncoder", "JSONDecoder",
        "DispatchQueue", "MainActor", "CheckedContinuation", "withCheckedContinuation", "withCheckedThrowingContinuation",
        "withTaskGroup", "withThrowingTaskGroup",
    ]
}

/// Names a reader could have: declared by the file's samples, the file's own Swift code, or the
/// package the run builds (`DeclaredNames.scan`).
package struct DeclaredNames: Sendable {
    private var names: Set<String>

    package init(_ names: Set<String> = []) {
        self.names = names
    }

    func contains(_ name: String) -> Bool { names.contains(name) }
    var all: Set<String> { names }

    package mutating func formUnion(_ other: DeclaredNames) { names.formUnion(other.names) }

    /// Every name a declaration in `code` introduces, at any depth: the identifier after `func`,
    /// `var`, `let`, `struct`, `class`, `enum`, `protocol`, `actor`, `typealias`, `case`,
    /// `associatedtype` or `macro` (and each of a `case a, b` list's). Parameters are not
    /// declarations a reader could name outside their function.
    package static func scan(_ code: [UInt8]) -> DeclaredNames {
        var names = Set<String>()
        let tokens = SwiftLexer.tokens(in: code).filter { !$0.isComment }
        var index = 0
        while index + 1 < tokens.count {
            defer { index += 1 }
            guard tokens[index].kind == .keyword || tokens[index].kind == .identifier else { continue }
            let word = String(decoding: code[tokens[index].range], as: UTF8.self)
            guard declaring.contains(word) else { continue }
            var next = index + 1
            while next < tokens.count, tokens[next].kind == .identifier {
                names.insert(String(decoding: code[tokens[next].range], as: UTF8.self).trimmingCharacters(in: ["`"]))
                // `case a, b, c`: more than one name.
                guard word == "case", next + 2 < tokens.count,
                      String(decoding: code[tokens[next + 1].range], as: UTF8.self) == "," else { break }
                next += 2
            }
        }
        return DeclaredNames(names)
    }

    private static let declaring: Set<String> = ["func", "var", "let", "struct", "class", "enum", "protocol", "actor",
                                                 "typealias", "case", "associatedtype", "macro"]
}
