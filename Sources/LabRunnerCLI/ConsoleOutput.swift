import Foundation
import LabRunner

/// A session's words on this process's console: lines on stdout (above the progress line while
/// one is shown), errors and diagnostics on stderr, the progress and status lines only on a
/// terminal that wants them.
final class ConsoleOutput: SessionOutput {
    let showsStatus: Bool
    private let line: ProgressLine

    init(environment: [String: String]) {
        showsStatus = ProgressLine.isWanted(environment: environment)
        line = ProgressLine(enabled: showsStatus)
    }

    func out(_ lines: [String]) { line.printAbove(lines) }
    func write(_ text: String) -> Bool { Console.write(text, to: STDOUT_FILENO) }
    func error(_ message: String) { Console.error(message) }
    func diagnostic(_ lines: [String]) { Console.diagnostic(lines) }
    func status(_ text: String?) { line.status(text) }
    func progress(_ event: ProgressEvent) { line.show(event) }
}
