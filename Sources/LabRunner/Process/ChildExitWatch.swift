#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Tells whether a child has exited *without reaping it*.
///
/// The leader must stay an unreaped zombie until its group has been killed: as long as the
/// zombie exists its pid, and so our pgid, cannot be reused, and `kill(-pgid, SIGKILL)` can
/// only reach processes that belong to this run (e.g. a grandchild holding our pipes).
///
/// Linux uses `waitid(P_PID, pid, WEXITED | WNOHANG | WNOWAIT)`. On Darwin, `waitid` is not
/// trusted (CPython, for one, does not expose it on macOS), so a kqueue `EVFILT_PROC` /
/// `NOTE_EXIT` filter is used; `waitid` remains the fallback if the kqueue cannot be made.
final class ChildExitWatch {
    private let pid: pid_t
    private var exited = false
    #if canImport(Darwin)
    private var queue: Int32 = -1
    #endif

    init(pid: pid_t) {
        self.pid = pid
        #if canImport(Darwin)
        let queue = kqueue()
        guard queue >= 0 else { return }
        var change = kevent(ident: UInt(pid), filter: Int16(EVFILT_PROC), flags: UInt16(EV_ADD | EV_ONESHOT),
                            fflags: UInt32(NOTE_EXIT), data: 0, udata: nil)
        if kevent(queue, &change, 1, nil, 0, nil) == 0 {
            self.queue = queue
        } else {
            // ESRCH: the child already exited (it is our unreaped child, so the pid is still ours).
            exited = errno == ESRCH
            close(queue)
        }
        #endif
    }

    deinit {
        #if canImport(Darwin)
        if queue >= 0 { close(queue) }
        #endif
    }

    /// True once the child has exited; never blocks.
    func hasExited() -> Bool {
        if exited { return true }
        #if canImport(Darwin)
        if queue >= 0 {
            var event = kevent()
            var immediately = timespec(tv_sec: 0, tv_nsec: 0)
            while true {
                let count = kevent(queue, nil, 0, &event, 1, &immediately)
                if count < 0 && errno == EINTR { continue }
                exited = count > 0
                return exited
            }
        }
        #endif
        exited = waitidSaysExited()
        return exited
    }

    private func waitidSaysExited() -> Bool {
        while true {
            // Zeroed first: with WNOHANG and nothing to report, si_signo stays 0.
            var info = siginfo_t()
            if waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 {
                return info.si_signo == SIGCHLD
            }
            if errno == EINTR { continue }
            // ECHILD: someone else reaped it (SIGCHLD ignored in this process); it is gone.
            return true
        }
    }
}
