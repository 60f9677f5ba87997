/// Watches one running child from another thread: sees its output as it arrives, and can stop
/// it (a Jupyter kernel's interrupt), which kills its process group as a timeout does.
final class ProcessObserver: Sendable {
    /// Called on the running thread with each piece read: stream 1 is stdout, 2 stderr.
    let output: @Sendable (_ stream: Int32, _ bytes: ArraySlice<UInt8>) -> Void
    private let stopped = LockedValue(false)

    init(output: @escaping @Sendable (_ stream: Int32, _ bytes: ArraySlice<UInt8>) -> Void) {
        self.output = output
    }

    /// Asks the run to end: it kills the group at its next check (within `exitCheckInterval`).
    func stop() { stopped.withLock { $0 = true } }

    var isStopped: Bool { stopped.withLock { $0 } }
}
