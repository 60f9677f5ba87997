import Foundation
import LabRunner

/// One live status line on stderr while labs build and run: only on a terminal, never in CI or
/// with NO_COLOR, where plain report lines are all there is.
final class ProgressLine: Sendable {
    private struct State {
        var total = 0
        var done = 0
        var running: [String] = []
        var shown = false
    }

    let enabled: Bool
    private let state = LockedValue(State())

    init(enabled: Bool, total: Int) {
        self.enabled = enabled
        state.withLock { $0.total = total }
    }

    static func isWanted(environment: [String: String]) -> Bool {
        TerminalDetection.isInteractive(STDERR_FILENO, environment: environment)
    }

    func started(_ path: String) {
        update { $0.running.append(path) }
    }

    func finished(_ path: String) {
        update {
            $0.running.removeAll { $0 == path }
            $0.done += 1
        }
    }

    /// Prints `lines` to stdout with the status line out of the way, then draws it again.
    func printAbove(_ lines: [String]) {
        state.withLock { state in
            if enabled && state.shown { Console.write("\r\u{1B}[2K", to: STDERR_FILENO) }
            Console.out(lines)
            if enabled { draw(&state) }
        }
    }

    /// Removes the status line for good.
    func finish() {
        state.withLock { state in
            if enabled && state.shown { Console.write("\r\u{1B}[2K", to: STDERR_FILENO) }
            state.shown = false
        }
    }

    private func update(_ change: (inout State) -> Void) {
        state.withLock { state in
            change(&state)
            if enabled { draw(&state) }
        }
    }

    private func draw(_ state: inout State) {
        state.shown = true
        var text = "[\(state.done)/\(state.total)]"
        if let first = state.running.first {
            text += " " + first + (state.running.count > 1 ? " +\(state.running.count - 1)" : "")
        }
        let width = Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 80
        if text.count > width - 1 { text = String(text.prefix(width - 2)) + "…" }
        Console.write("\r\u{1B}[2K" + text, to: STDERR_FILENO)
    }
}
