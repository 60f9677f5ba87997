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

/// A swiftc crash kept as a verdict (a guide's sample): its message starts with `marker`.
enum CompilerCrash {
    static let marker = "labrunner: compiler crash:"

    /// The crash's description, if `diagnostic` stands for one: `swiftc crashed: killed by SIGSEGV`,
    /// or swiftc's own `failed to produce diagnostic` error.
    static func description(_ diagnostic: Diagnostic) -> String? {
        if diagnostic.message.hasPrefix(marker) { return String(diagnostic.message.dropFirst(marker.count + 1)) }
        if diagnostic.message.hasPrefix("failed to produce diagnostic") { return "swiftc: " + diagnostic.message }
        return nil
    }
}
