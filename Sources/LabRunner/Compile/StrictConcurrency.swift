/// Swift 6's strict-concurrency checking, told from swiftc's messages: a sample written for Swift 5
/// (the Swift book's `static var shared = …`) fails with only these errors under Swift 6, and
/// compiles as its authors built it in Swift 5 mode, where they are warnings at most.
enum StrictConcurrency {
    /// Phrases of the data-race safety errors Swift 6 adds: global and static mutable state,
    /// values sent across isolation, non-`Sendable` captures and conformances.
    static let phrases = ["is not concurrency-safe", "risks causing data races", "non-Sendable", "non-sendable"]

    /// Whether every error is one of strict concurrency's (at least one error).
    static func explains(_ errors: [Diagnostic]) -> Bool {
        let errors = errors.filter { $0.severity == .error }
        return !errors.isEmpty && errors.allSatisfy { error in phrases.contains { error.message.contains($0) } }
    }

    /// The note a failure gets in Swift 6 mode when `explains` holds, at its first error.
    static func note(for errors: [Diagnostic], swiftVersion: String) -> Diagnostic? {
        guard swiftVersion.hasPrefix("6"), explains(errors) else { return nil }
        return Diagnostic(severity: .note, location: errors.first { $0.severity == .error }?.location,
                          message: "every error here is Swift 6 strict concurrency checking, a warning at most in Swift 5 mode; "
                              + "'swift-version: 5' in .labrunner or the front matter checks the file as Swift 5")
    }
}
