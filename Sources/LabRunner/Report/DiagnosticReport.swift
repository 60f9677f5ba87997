/// A compiler message with the Markdown line it points at.
package struct DiagnosticReport: Sendable {
    package let diagnostic: Diagnostic
    /// The line of the lab it points at, when it points into the lab.
    package let excerpt: Excerpt?

    package var severity: String { diagnostic.severity.rawValue }
    package var location: SourceLocation? { diagnostic.location }
    /// The message, with ` (in the labrunner prelude)` when swiftc pointed into the generated prelude.
    package var message: String { diagnostic.message + (diagnostic.inPrelude ? " (in the labrunner prelude)" : "") }
    /// `lab.md:3:7: error: message`, as compilers print it.
    package var line: String { (location.map { "\($0): " } ?? "") + severity + ": " + message }
}
