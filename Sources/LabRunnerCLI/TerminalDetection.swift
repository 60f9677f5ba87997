import Foundation
import LabRunner

/// Whether a stream is a person's terminal that wants colors and a live status line: never with
/// `NO_COLOR`, in CI, with `TERM=dumb`, or when the stream is a pipe or a file.
enum TerminalDetection {
    static func isInteractive(_ descriptor: Int32, environment: [String: String]) -> Bool {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let inCI = environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
        return !noColor && !inCI && environment["TERM"] != "dumb" && isatty(descriptor) == 1
    }
}

extension Style {
    static func forStandardOutput(environment: [String: String]) -> Style {
        Style(enabled: TerminalDetection.isInteractive(STDOUT_FILENO, environment: environment))
    }
}
