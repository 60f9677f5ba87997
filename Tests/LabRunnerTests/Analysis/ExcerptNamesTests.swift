import Testing
@testable import LabRunner

/// An excerpt (a sample whose only errors are names nothing in its reader's reach declares) is
/// parsed, not failed; anything else keeps swiftc's errors as the sample's failure. Messages are
/// swiftc 6.3's; the names come from the Swift book and swift-collections' doc comments.
struct ExcerptNamesTests {
    /// The Swift book's and a logging package's excerpts: every free name is declared nowhere.
    @Test(arguments: [
        (["cannot find 'someMutatingOperation' in scope"], ["someMutatingOperation"]),
        (["cannot find 'logger' in scope", "cannot find 'request' in scope", "cannot find 'logger' in scope"], ["logger", "request"]),
        // A documented function's own parameters, used by its doc comment's excerpt.
        (["cannot find 'subrange' in scope", "cannot find 'newItemCount' in scope"], ["newItemCount", "subrange"]),
        (["cannot find type 'ReadableThing' in scope"], ["ReadableThing"]),
        // swift-async-algorithms 0011: a longer name beside a declared one is not its typo.
        (["cannot find 'AsyncThrowingInterspersedSequence' in scope"], ["AsyncThrowingInterspersedSequence"]),
        // swift-evolution 0426:468 (a type beside a property's name) and 0024:28 (a proposed operator).
        (["cannot find type 'Noodle' in scope", "cannot find type 'Topping' in scope"], ["Noodle", "Topping"]),
        (["cannot find 'really' in scope", "cannot find operator '??=' in scope"], ["??=", "really"]),
        // swift-async-algorithms 0013:71 and 0014:46: what swiftc could not infer through the name.
        (["cannot find 'numbers' in scope", "generic parameter 'Element' could not be inferred"], ["numbers"]),
        (["cannot find 'fastEvents' in scope", "cannot infer contextual base in reference to member 'seconds'"], ["fastEvents"]),
    ])
    func excerpts(messages: [String], names: [String]) {
        #expect(ExcerptNames.free(in: messages, declared: Self.declared) == names)
    }

    /// What keeps a failure: another kind of error beside the names, a name the file declares
    /// (a forward reference, a member elsewhere), a typo of one, a standard library name, or a
    /// toolchain module's name the sample did not import.
    @Test(arguments: [
        ["cannot find 'logger' in scope", "expected ')' in expression list"],
        ["value of type 'Int' has no member 'bytes'"],
        ["cannot find 'Average' in scope"],        // declared by a later sample
        ["cannot find 'fruit' in scope"],          // a typo of `fruits`
        ["cannot find 'prnt' in scope"],           // a typo of `print`
        ["cannot find 'print' in scope"],          // the standard library's
        ["cannot find 'Mutex' in scope"],          // Synchronization's
        ["cannot find '$0' in scope"],             // an anonymous closure parameter outside a closure
        ["generic parameter 'T' could not be inferred"],    // no unknown name: the text's own error
        [],
    ])
    func failures(messages: [String]) {
        #expect(ExcerptNames.free(in: messages, declared: Self.declared) == nil)
    }

    @Test(arguments: [
        ("cannot find 'prnt' in scope", "did you mean 'print'?"),
        ("cannot find 'fruit' in scope", "did you mean 'fruits'?"),
        ("cannot find 'Mutex' in scope", "'Mutex' is declared in module 'Synchronization', which the sample does not import"),
        ("cannot find 'Average' in scope", nil),
        ("cannot find 'print' in scope", nil),      // a known name is no typo of `prints`
        ("cannot find 'logger' in scope", nil),
        ("value of type 'Int' has no member 'bytes'", nil),
    ] as [(String, String?)])
    func hints(message: String, hint: String?) {
        #expect(ExcerptNames.hint(for: message, declared: Self.declared) == hint)
    }

    /// Declarations at any depth, `case` lists included; parameters are not declarations.
    @Test func declaredNamesAreReadFromCode() {
        let code = """
            var fruits = ["apple"]
            struct Average { static let zero = 0 }
            enum Direction { case north, south }
            func replaceSubrange(_ subrange: Range<Int>, with newItemCount: Int) { let local = 1 }
            // func commented
            """
        let names = DeclaredNames.scan(Array(code.utf8))
        for name in ["fruits", "Average", "zero", "Direction", "north", "south", "replaceSubrange", "local"] {
            #expect(names.contains(name), "\(name)")
        }
        for name in ["subrange", "newItemCount", "commented", "Range"] { #expect(!names.contains(name), "\(name)") }
    }

    static let declared = DeclaredNames(["fruits", "Average", "StandardDeviation", "AsyncInterspersedSequence", "prints", "toppings"])
}

/// Apple's Foundation members Linux lacks: a sample failing only for them compiles on a Mac.
/// Messages as swiftc 6.3 gives them for swift-async-algorithms' guides and argument-parser's.
struct AppleFoundationMembersTests {
    @Test(arguments: [
        (["value of type 'URL' has no member 'lines'"], ["URL.lines"]),
        (["value of type 'FileHandle' has no member 'bytes'", "generic parameter 'Element' could not be inferred"], ["FileHandle.bytes"]),
        (["value of type 'URL' has no member 'resourceBytes'", "value of type 'URL' has no member 'lines'"], ["URL.resourceBytes", "URL.lines"]),
    ])
    func appleOnly(messages: [String], members: [String]) {
        #expect(AppleFoundationMembers.only(in: messages) == members)
    }

    @Test(arguments: [
        ["value of type 'URL' has no member 'lines'", "cannot find 'x' in scope"],   // another error too
        ["value of type 'URL' has no member 'linez'"],                                // a typo is the text's
        ["value of type 'Array<Int>' has no member 'lines'"],
        ["generic parameter 'T' could not be inferred"],
        [],
    ])
    func notAppleOnly(messages: [String]) {
        #expect(AppleFoundationMembers.only(in: messages) == nil)
    }
}
