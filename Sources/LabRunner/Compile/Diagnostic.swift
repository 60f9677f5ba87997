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

    /// What swiftc prints when it crashes (its crash banner, LLVM's stack dump, the backtracer's
    /// report, the driver on a frontend killed by a signal). A compiler that fails without any of
    /// these, and without an error, did not crash on the program: it cannot compile at all (a
    /// broken install, a wrapper exiting 127), which is the machine's fault, never a sample's.
    static let evidence = ["Stack dump:", "Please submit a bug report", "PLEASE submit a bug report", "Program crashed:",
                           "compile command failed due to signal", "Crash backtrace", "Fatal error:"]

    /// Whether `output` shows swiftc's own crash evidence.
    static func isEvident(in output: String) -> Bool {
        evidence.contains { output.contains($0) }
    }
}
