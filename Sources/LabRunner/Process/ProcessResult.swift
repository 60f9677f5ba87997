/// How a child's run ended.
enum ProcessTermination: Sendable, Equatable {
    /// Normal exit with this status.
    case exited(Int32)
    /// Killed by a signal it did not get from us because of the timeout or output limit
    /// (SIGSEGV, SIGILL/SIGTRAP from a Swift trap, SIGABRT, or SIGKILL from `ProcessRegistry.killAll`).
    case signaled(Int32)
    /// We killed it at the timeout.
    case timedOut
    /// We killed it when a stream passed `outputLimit`; that stream holds exactly the first `outputLimit` bytes.
    case outputLimitExceeded
}

/// Everything a finished child left behind. A child's own failure (crash, non-zero exit,
/// timeout) is a result, not an error.
struct ProcessResult: Sendable {
    /// At most `outputLimit` bytes.
    let stdout: [UInt8]
    /// At most `outputLimit` bytes.
    let stderr: [UInt8]
    let termination: ProcessTermination
    /// Seconds of wall-clock time from spawn until the child was reaped.
    let duration: Double
}
