import Foundation

/// One live status line on a terminal (standard error): while files build and run, what
/// `RunProgress` says (`[done/total] file +N`); while a package builds, its step. Lines printed
/// meanwhile go above it. Disabled (not a terminal, CI, NO_COLOR), it draws nothing and lines are
/// printed as they come.
package final class ProgressLine: Sendable {
    private struct State {
        var progress = RunProgress()
        /// Whether the terminal shows a line to erase.
        var shown = false
    }

    package let enabled: Bool
    private let state = LockedValue(State())
    /// The terminal's width: a longer line is cut to fit (`RunProgress.fitted`).
    private let columns: Int
    /// Where the status line is drawn and erased.
    private let terminal: @Sendable (String) -> Void
    /// Where the lines printed above it go.
    private let lines: @Sendable ([String]) -> Void

    /// A line `columns` wide drawn on standard error, lines printed on standard output, unless a
    /// test gives its own `terminal` and `lines`.
    package init(enabled: Bool, columns: Int = 80,
                 terminal: @escaping @Sendable (String) -> Void = { Console.write($0, to: STDERR_FILENO) },
                 lines: @escaping @Sendable ([String]) -> Void = { Console.out($0) }) {
        self.enabled = enabled
        self.columns = columns
        self.terminal = terminal
        self.lines = lines
    }

    package func show(_ event: ProgressEvent) {
        state.withLock { state in
            state.progress.apply(event)
            // At the end the line is removed for good.
            if case .end = event { return clear(&state) }
            if enabled { draw(&state) }
        }
    }

    /// A step under way outside a run (a package building), or nil to clear it.
    package func status(_ text: String?) {
        state.withLock { state in
            guard enabled else { return }
            terminal("\r\u{1B}[2K" + (text.map(fitted) ?? ""))
        }
    }

    /// Prints `lines` with the status line out of the way, then draws it again.
    package func printAbove(_ printed: [String]) {
        state.withLock { state in
            clear(&state)
            lines(printed)
            if enabled && state.progress.active { draw(&state) }
        }
    }

    private func clear(_ state: inout State) {
        if enabled && state.shown { terminal("\r\u{1B}[2K") }
        state.shown = false
    }

    private func draw(_ state: inout State) {
        state.shown = true
        terminal("\r\u{1B}[2K" + fitted(state.progress.line))
    }

    private func fitted(_ text: String) -> String {
        RunProgress.fitted(text, width: columns)
    }
}
