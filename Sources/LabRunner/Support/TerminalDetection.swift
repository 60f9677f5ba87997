import Foundation

/// Whether a stream is a person's terminal that wants colors and a live status line: never with
/// `NO_COLOR`, in CI, with `TERM=dumb`, or when the stream is a pipe or a file.
package enum TerminalDetection {
    package static func isInteractive(_ descriptor: Int32, environment: [String: String]) -> Bool {
        allowsDecoration(environment: environment) && isatty(descriptor) == 1
    }

    /// Whether `environment` lets a terminal have colors and a status line: no `NO_COLOR` (set and
    /// not empty), no `CI` (set, not empty, not `false` or `0`), and `TERM` not `dumb`.
    package static func allowsDecoration(environment: [String: String]) -> Bool {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let inCI = environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
        return !noColor && !inCI && environment["TERM"] != "dumb"
    }
}
