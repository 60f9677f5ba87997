import Foundation
import LabRunner

/// One live status line on stderr: while files build and run, `[done/total] file +N`; while a
/// package builds, its step. Only on a terminal, never in CI or with NO_COLOR, where plain
/// report lines are all there is.
final class ProgressLine: Sendable {
    private struct State {
        /// Between a run's `begin` and `end`.
        var active = false
        var total = 0
        var done = 0
        var running: [String] = []
        var shown = false
    }

    let enabled: Bool
    private let state = LockedValue(State())

    init(enabled: Bool) {
        self.enabled = enabled
    }

    static func isWanted(environment: [String: String]) -> Bool {
        TerminalDetection.isInteractive(STDERR_FILENO, environment: environment)
    }

    func show(_ event: ProgressEvent) {
        state.withLock { state in
            switch event {
            case .begin(let total): state = State(active: true, total: total)
            case .started(let path): state.running.append(path)
            case .finished(let path):
                state.running.removeAll { $0 == path }
                state.done += 1
            case .end:
                // Removed for good.
                clear(&state)
                state.active = false
                return
            }
            if enabled { draw(&state) }
        }
    }

    /// A step under way outside a run (a package building), or nil to clear it.
    func status(_ text: String?) {
        state.withLock { state in
            guard enabled else { return }
            Console.write("\r\u{1B}[2K" + (text.map(Self.fitted) ?? ""), to: STDERR_FILENO)
        }
    }

    /// Prints `lines` to stdout with the status line out of the way, then draws it again.
    func printAbove(_ lines: [String]) {
        state.withLock { state in
            clear(&state)
            Console.out(lines)
            if enabled && state.active { draw(&state) }
        }
    }

    private func clear(_ state: inout State) {
        if enabled && state.shown { Console.write("\r\u{1B}[2K", to: STDERR_FILENO) }
        state.shown = false
    }

    private func draw(_ state: inout State) {
        state.shown = true
        var text = "[\(state.done)/\(state.total)]"
        if let first = state.running.first {
            text += " " + first + (state.running.count > 1 ? " +\(state.running.count - 1)" : "")
        }
        Console.write("\r\u{1B}[2K" + Self.fitted(text), to: STDERR_FILENO)
    }

    /// One line, as a terminal shows it: a wrapped line could not be erased.
    private static func fitted(_ text: String) -> String {
        let width = Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 80
        return text.count > width - 1 ? String(text.prefix(width - 2)) + "…" : text
    }
}
