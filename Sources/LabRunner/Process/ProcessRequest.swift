import LabRunnerSandbox

/// What to run: an absolute executable path and its arguments; never through a shell.
///
/// `environment` is the child's *complete* environment: nothing is inherited from
/// LabRunner, so a run depends only on what the caller chose to pass.
struct ProcessRequest: Sendable {
    var executable: String
    var arguments: [String] = []
    /// The complete environment of the child.
    var environment: [String: String]
    /// Where the child starts; nil keeps LabRunner's own working directory.
    var workingDirectory: String? = nil
    /// Seconds of wall-clock time before the whole process group is killed; nil = no limit.
    var timeout: Double? = nil
    /// Bytes kept per stream (stdout, stderr); a stream going past it stops the run.
    var outputLimit: Int = 1 << 20
    /// Linux: start the child in a session of its own (see `ChildSpawner`); false only for the
    /// fallback on a glibc without `POSIX_SPAWN_SETSID`.
    var newSession = true
    /// Run sealed off from the machine (see `Sandbox`); nil runs the program as it is.
    var sandbox: Sandbox? = nil
    /// Bytes the child reads on fd 3, a pipe holding just them: what must not be in its
    /// environment, which stays readable in /proc/PID/environ for the process's whole life.
    var descriptor3: [UInt8]? = nil
    /// The `labrunner` binary that seals `sandbox` (`Sandbox.launcher`); the request's own
    /// executable runs as it is without one.
    var launcher: String? = nil
    /// Sees the output as it arrives and can stop the run; nil for a run nobody watches.
    var observer: ProcessObserver? = nil
}
