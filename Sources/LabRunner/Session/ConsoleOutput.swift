import Foundation

/// A session's words on this process's console: lines on stdout (above the progress line while
/// one is shown), errors and diagnostics on stderr, the progress and status lines only on a
/// terminal that wants them (`TerminalDetection`), as wide as `COLUMNS` says (80 without it).
package final class ConsoleOutput: SessionOutput {
    package let showsStatus: Bool
    private let line: ProgressLine

    package init(environment: [String: String]) {
        showsStatus = TerminalDetection.isInteractive(STDERR_FILENO, environment: environment)
        line = ProgressLine(enabled: showsStatus, columns: Int(environment["COLUMNS"] ?? "") ?? 80)
    }

    package func out(_ lines: [String]) { line.printAbove(lines) }
    package func write(_ text: String) -> Bool { Console.write(text, to: STDOUT_FILENO) }
    package func error(_ message: String) { Console.error(message) }
    package func diagnostic(_ lines: [String]) { Console.diagnostic(lines) }
    package func status(_ text: String?) { line.status(text) }
    package func progress(_ event: ProgressEvent) { line.show(event) }
}
