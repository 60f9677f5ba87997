#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Linux: the tool as a child subreaper (`PR_SET_CHILD_SUBREAPER`), so that a process a lab
/// started and that left its session (`setsid`) and lost its parent is re-parented to the tool,
/// not to init, and is killed when the tool ends. Sealed runs do not need it (their PID namespace
/// takes everything); it covers `--no-sandbox` and the tool's other children. Elsewhere, nothing.
package enum ProcessAdoption {
    /// Call once, early, from the CLI (a library inside another program must not change how
    /// that program's orphans are reaped).
    package static func becomeSubreaper() {
        #if os(Linux)
        typealias Prctl = @convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "prctl") else { return }
        _ = unsafeBitCast(symbol, to: Prctl.self)(36, 1, 0, 0, 0)  // PR_SET_CHILD_SUBREAPER
        #endif
    }

    /// Kills and reaps every child of the tool but `sparing` (the supervisor): at the end, every
    /// run is over and reaped, so what is left was adopted. A killed process's own children are
    /// adopted in turn, so this repeats until none is left (a few rounds).
    static func killAdopted(sparing spared: pid_t?) {
        #if os(Linux)
        let me = getpid()
        for _ in 0..<8 {
            let adopted = SessionMembers.pids(withParent: me).filter { $0 != spared }
            if adopted.isEmpty { return }
            for pid in adopted { _ = kill(pid, SIGKILL) }
            for pid in adopted {
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            }
        }
        #endif
    }
}
