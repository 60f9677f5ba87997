import Foundation
import LabRunner

/// One live status line on stderr: while files build and run, `[done/total] file +N`; while a
/// package builds, its step. Only on a terminal, never in CI or with NO_COLOR, where plain
/// report lines are all there is.
final class ProgressLine: Sendable {
    private struct State {
        var progress = RunProgress()
        /// Whether the terminal shows a line to erase.
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
            state.progress.apply(event)
            // At the end the line is removed for good.
            if case .end = event { return clear(&state) }
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
            if enabled && state.progress.active { draw(&state) }
        }
    }

    private func clear(_ state: inout State) {
        if enabled && state.shown { Console.write("\r\u{1B}[2K", to: STDERR_FILENO) }
        state.shown = false
    }

    private func draw(_ state: inout State) {
        state.shown = true
        Console.write("\r\u{1B}[2K" + Self.fitted(state.progress.line), to: STDERR_FILENO)
    }

    private static func fitted(_ text: String) -> String {
        RunProgress.fitted(text, width: Int(ProcessInfo.processInfo.environment["COLUMNS"] ?? "") ?? 80)
    }
}
