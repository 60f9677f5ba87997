/// Where a session's words go, in the order it says them: the CLI's console prints them
/// (standard output, standard error, a status line on a terminal), tests record them. A session
/// decides what is said; how it looks on a terminal is the output's business.
package protocol SessionOutput: Sendable {
    /// Whether a transient status line can be shown (a person's terminal): a session then
    /// reports steps there instead of in plain lines.
    var showsStatus: Bool { get }
    /// Lines for standard output.
    func out(_ lines: [String])
    /// Text for standard output as it is (a program, JSON); false when it could not be written.
    func write(_ text: String) -> Bool
    /// A mistake that stops the command, said as `labrunner: error: MESSAGE` on standard error.
    func error(_ message: String)
    /// Lines that already say where and what (`path:line:col: error: …`, warnings), on standard error.
    func diagnostic(_ lines: [String])
    /// The status line's text (the step under way), or nil to clear it.
    func status(_ line: String?)
    /// A run's files, as they start and finish, for a progress line: `begin` with their count first.
    func progress(_ event: ProgressEvent)
}

/// What a progress line is told while the files of a run are checked.
package enum ProgressEvent: Sendable, Hashable {
    case begin(total: Int)
    case started(String)
    case finished(String)
    /// The run's files are all checked: the progress line goes away.
    case end
}

extension SessionOutput {
    package func out(_ line: String) { out([line]) }

    /// `labrunner: warning: MESSAGE` on standard error.
    package func sayWarning(_ message: String) { diagnostic(["labrunner: warning: \(message)"]) }
}

/// How a session ended, which the CLI turns into its exit status.
package enum SessionEnd: Sendable, Equatable {
    /// Everything checked passed (exit 0).
    case passed
    /// A lab failed (exit 1).
    case failed
    /// A usage, input or environment error, or a file that could not be checked (exit 2).
    case notChecked
}
