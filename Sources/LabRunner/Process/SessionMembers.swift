#if canImport(Glibc)
import Glibc

/// Linux: the processes of one session, read from /proc.
///
/// A lab's child runs in a session it leads (see `ChildSpawner`). Whatever it starts stays in
/// that session even in another process group (Foundation's `Process` makes one per child) and
/// even after it is orphaned and re-parented to init, so the session id is what still ties a
/// leftover grandchild to the run. Only a process that calls `setsid` itself escapes.
enum SessionMembers {
    /// Sends SIGKILL to every process in session `sid` but the leader (whose group the caller
    /// kills). Safe only while the leader is unreaped: its pid, and so the session id, cannot be
    /// reused until then.
    static func kill(session sid: pid_t) {
        // A member may fork while the first pass runs; a second pass catches such a child
        // (its parent is dead by then, so it cannot fork again).
        for _ in 0..<2 {
            let members = pids(inSession: sid).filter { $0 != sid }
            if members.isEmpty { return }
            // A pid read from /proc could in theory be reused before the kill; the kernel hands
            // out pids in increasing order, so that needs a wrap-around within microseconds.
            for pid in members { _ = Glibc.kill(pid, SIGKILL) }
        }
    }

    /// Every process (zombies included) whose session id is `sid`.
    static func pids(inSession sid: pid_t) -> [pid_t] {
        processes().filter { session(of: $0) == sid }
    }

    /// Every process (zombies included) whose parent is `parent`.
    static func pids(withParent parent: pid_t) -> [pid_t] {
        processes().filter { pid in
            guard let fields = statFields(of: pid), fields.count > 1 else { return false }
            return pid_t(String(decoding: fields[1], as: UTF8.self)) == parent
        }
    }

    /// Every pid /proc lists now.
    private static func processes() -> [pid_t] {
        (FileName.entries(of: "/proc") ?? []).compactMap { pid_t($0) }
    }

    /// Field 6 of /proc/PID/stat. The command name (field 2) is in parentheses and may itself
    /// hold spaces and parentheses, so fields are counted from the last `)`.
    static func session(of pid: pid_t) -> pid_t? {
        guard let fields = statFields(of: pid), fields.count > 3 else { return nil }
        return pid_t(String(decoding: fields[3], as: UTF8.self))
    }

    /// The fields of /proc/PID/stat after the command name: state, ppid, pgrp, session…
    private static func statFields(of pid: pid_t) -> [ArraySlice<UInt8>]? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1024)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, let close = buffer[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        return buffer[(close + 1)..<count].split(separator: UInt8(ascii: " "))
    }
}
#endif
