import Testing
@testable import LabRunner

/// Which failures Swift 6 strict concurrency alone explains, from swiftc's own messages.
struct StrictConcurrencyTests {
    static func error(_ message: String) -> Diagnostic {
        Diagnostic(severity: .error, location: SourceLocation(path: "g.md", line: 5, column: 16), message: message)
    }

    @Test(arguments: [
        (["static property 'storedTypeProperty' is not concurrency-safe because it is nonisolated global shared mutable state [#MutableGlobalVariable]"], true),
        (["sending 'value' risks causing data races"], true),
        (["capture of 'completion' with non-Sendable type '(Int) -> Void' in a '@Sendable' closure [#SendableClosureCaptures]"], true),
        (["static property 'shared' is not concurrency-safe because non-'Sendable' type 'Box' may have shared mutable state",
          "cannot find 'logger' in scope"], false),
        (["cannot convert value of type 'String' to specified type 'Int'"], false),
        ([], false),
    ])
    func explains(messages: [String], explained: Bool) {
        #expect(StrictConcurrency.explains(messages.map(Self.error)) == explained)
    }

    /// Only in Swift 6 mode, at the first error.
    @Test func theNoteIsForSwift6() {
        let errors = [Self.error("static property 'x' is not concurrency-safe")]
        #expect(StrictConcurrency.note(for: errors, swiftVersion: "6")?.location == errors[0].location)
        #expect(StrictConcurrency.note(for: errors, swiftVersion: "5") == nil)
    }
}
