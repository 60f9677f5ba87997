/// One compiler message, located in the lab's Markdown where it comes from a cell.
package struct Diagnostic: Sendable, Equatable {
    enum Severity: String, Sendable, CaseIterable {
        case error, warning, note, remark
    }

    let severity: Severity
    /// The Markdown location for cell code, the original location for other files (SDK headers),
    /// nil for messages without one (linker, driver).
    let location: SourceLocation?
    let message: String
    /// True when the compiler pointed into the generated prelude rather than a cell.
    var inPrelude = false
}
