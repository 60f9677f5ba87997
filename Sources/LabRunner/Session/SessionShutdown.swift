/// How the work under way is stopped when the process ends, in the order that loses nothing and
/// leaves nothing behind. The CLI hands it to the `InterruptHandler`, which calls it on a signal
/// and before the process exits; what cannot be caught (SIGKILL, a crash) is the
/// `ProcessSupervisor`'s to clean up.
package enum SessionShutdown {
    /// After a terminating signal. The order matters: files are frozen before children die (a
    /// dying scenario could finish a lab whose `--update` would then write), and folders go only
    /// once nothing can write there; half-written temporary files last.
    package static func interrupted() {
        AtomicFile.stopReplacing()
        stopChildren()
        AtomicFile.removePending()
    }

    /// At a normal end. Work nobody waited for may still run in the background (the
    /// `swiftc --version` of a run whose labs were all input errors): it is stopped and its build
    /// folder removed, or swiftc would go on and leave its temporary folder in one the tool no
    /// longer owns.
    package static func finished() {
        stopChildren()
    }

    private static func stopChildren() {
        ProcessRegistry.shared.killAll()
        ProcessRegistry.shared.waitUntilEmpty(timeout: 5)
        ProcessAdoption.killAdopted(sparing: ProcessRegistry.shared.supervisorPid)
        BuildDirectory.removeAllLive()
    }
}
