import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Every process group currently running, so an interrupt handler can stop them all.
///
/// `ChildProcess.run` registers a child's group right after spawning it and unregisters
/// it *before* reaping the leader: while the leader is an unreaped zombie its pid (and so
/// the pgid) cannot be reused, so `killAll()` can never hit an unrelated group.
///
/// `killAll()` is not async-signal-safe (it takes a lock); call it from an ordinary thread,
/// e.g. a `DispatchSourceSignal` handler for SIGINT, not from inside a C signal handler.
package final class ProcessRegistry: Sendable {
    package static let shared = ProcessRegistry()

    private struct State {
        var groups: Set<pid_t> = []
        /// Set by `killAll()`: LabRunner is shutting down, so no new child may live.
        var isShutDown = false
        /// Starts the supervisor before the first child, once (see `supervise(with:)`).
        var startSupervisor: (@Sendable () -> ProcessSupervisor?)? = nil
        var supervisor: ProcessSupervisor? = nil
    }

    private let state = LockedValue(State())

    init() {}

    /// Has every group registered from now on also told to a `ProcessSupervisor`, which `start`
    /// makes right before the first child is spawned (a run that spawns nothing starts none).
    package func supervise(with start: @escaping @Sendable () -> ProcessSupervisor?) {
        state.withLock { $0.startSupervisor = start }
    }

    /// Call before spawning a child: starts the supervisor if one is wanted and not running yet,
    /// so that it exists before any child can outlive the tool.
    func prepareToSpawn() {
        state.withLock { state in
            guard let start = state.startSupervisor else { return }
            state.startSupervisor = nil
            state.supervisor = start()
        }
    }

    /// Records a live group. Returns false once `killAll()` has run: a child spawned during or
    /// after the shutdown would otherwise escape it, so the caller must kill the group at once.
    func register(_ pgid: pid_t) -> Bool {
        state.withLock { state in
            guard !state.isShutDown else { return false }
            state.groups.insert(pgid)
            state.supervisor?.started(pgid)
            return true
        }
    }

    /// Forgets a group; call before reaping its leader (see the type's comment).
    func unregister(_ pgid: pid_t) {
        state.withLock { state in
            // Told even after a shutdown: the supervisor must not kill a pid reaped and reused.
            state.supervisor?.ended(pgid)
            _ = state.groups.remove(pgid)
        }
    }

    /// Sends SIGKILL to every registered group, and makes every later `register` fail so a child
    /// being spawned right now is killed too. Their `run` calls return `.signaled(SIGKILL)`.
    package func killAll() {
        state.withLock { state in
            state.isShutDown = true
            // Killing under the lock keeps `unregister` (and so the reaping of the leader)
            // from happening between reading a pgid and signalling it.
            for pgid in state.groups {
                ProcessPlatform.killGroup(pgid)
            }
        }
    }

    /// Waits until every killed run has unregistered its group (by then its pipes reached EOF,
    /// so no process that held them is alive), or until `timeout` seconds passed.
    package func waitUntilEmpty(timeout: Double) {
        let deadline = ProcessPlatform.now() + timeout
        while !liveGroups.isEmpty && ProcessPlatform.now() < deadline {
            var none: [pollfd] = []
            ProcessPlatform.poll(&none, seconds: 0.01)
        }
    }

    /// The supervisor's pid, if one runs.
    var supervisorPid: pid_t? {
        state.withLock { $0.supervisor?.pid }
    }

    /// The groups currently registered (for diagnostics and tests).
    var liveGroups: Set<pid_t> {
        state.withLock { $0.groups }
    }
}
