import Foundation

/// ANSI styling, or none: the CLI decides which (`forStandardOutput`: only on a terminal that
/// wants it), the report writers only apply it.
package struct Style: Sendable {
    package let enabled: Bool

    package init(enabled: Bool) { self.enabled = enabled }

    package static let plain = Style(enabled: false)

    package func red(_ text: String) -> String { wrap(text, "31") }
    package func green(_ text: String) -> String { wrap(text, "32") }
    package func yellow(_ text: String) -> String { wrap(text, "33") }
    package func cyan(_ text: String) -> String { wrap(text, "36") }
    package func bold(_ text: String) -> String { wrap(text, "1") }
    package func dim(_ text: String) -> String { wrap(text, "2") }

    /// A unified diff line: `+` green, `-` red, `@@` hunk headers cyan, context as it is.
    package func diffLine(_ line: String) -> String {
        if line.hasPrefix("+") { return green(line) }
        if line.hasPrefix("-") { return red(line) }
        if line.hasPrefix("@@") { return cyan(line) }
        return line
    }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}

extension Style {
    /// Colors when standard output is a person's terminal that wants them (`TerminalDetection`).
    package static func forStandardOutput(environment: [String: String]) -> Style {
        Style(enabled: TerminalDetection.isInteractive(STDOUT_FILENO, environment: environment))
    }
}
