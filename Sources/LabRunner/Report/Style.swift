import Foundation

/// ANSI styling, on only for a terminal that wants it: never with NO_COLOR, in CI, or when piped.
struct Style: Sendable {
    let enabled: Bool

    static let plain = Style(enabled: false)

    static func forStandardOutput(environment: [String: String]) -> Style {
        let wanted = environment["NO_COLOR"].map(\.isEmpty) ?? true
        let inCI = environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
        return Style(enabled: wanted && !inCI && environment["TERM"] != "dumb" && isatty(STDOUT_FILENO) == 1)
    }

    func red(_ text: String) -> String { wrap(text, "31") }
    func green(_ text: String) -> String { wrap(text, "32") }
    func yellow(_ text: String) -> String { wrap(text, "33") }
    func cyan(_ text: String) -> String { wrap(text, "36") }
    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
