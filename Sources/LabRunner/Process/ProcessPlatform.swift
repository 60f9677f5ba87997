#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Thin, EINTR-safe wrappers over the system calls the process layer needs, and the few
/// functions that differ between Glibc and Darwin.
enum ProcessPlatform {
    /// Monotonic seconds, for deadlines and durations (wall-clock jumps must not matter).
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000
    }

    /// Milliseconds for `poll`, rounded up so we never wake just before a deadline and spin.
    static func pollMilliseconds(_ seconds: Double) -> Int32 {
        guard seconds > 0 else { return 0 }
        return Int32(min((seconds * 1000).rounded(.up), Double(Int32.max)))
    }

    /// A pipe whose both ends are close-on-exec from the moment they exist, so a child spawned
    /// concurrently by another thread cannot inherit them (it would keep our pipe open and
    /// delay our EOF).
    static func makeCloseOnExecPipe() throws(ProcessPlatformError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        #if canImport(Glibc)
        if let pipe2 = GlibcExtensions.shared.pipe2 {
            guard pipe2(&fds, O_CLOEXEC) == 0 else { throw ProcessPlatformError(errno) }
            return (fds[0], fds[1])
        }
        #endif
        // Darwin has no pipe2. The gap between pipe() and fcntl() is harmless for our own
        // children, which are spawned with POSIX_SPAWN_CLOEXEC_DEFAULT there.
        guard pipe(&fds) == 0 else { throw ProcessPlatformError(errno) }
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }

    /// `read` retried on EINTR. Returns bytes read, 0 at EOF, -1 on error.
    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            let n = buffer.baseAddress.map { systemRead(fd, $0, buffer.count) } ?? 0
            if n < 0 && errno == EINTR { continue }
            return n
        }
    }

    /// `poll` retried on EINTR with the remaining time. Returns the number of ready fds
    /// (0 on timeout). With no fds it is a plain sleep that still honours `seconds`.
    @discardableResult
    static func poll(_ fds: inout [pollfd], seconds: Double) -> Int32 {
        let deadline = now() + seconds
        while true {
            let timeout = pollMilliseconds(deadline - now())
            let count = fds.withUnsafeMutableBufferPointer { buffer in
                systemPoll(buffer.baseAddress, nfds_t(buffer.count), timeout)
            }
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// Reaps `pid`, retrying on EINTR. Returns the raw wait status, or nil if the child
    /// was already reaped elsewhere (e.g. SIGCHLD set to SIG_IGN in this process).
    static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        while true {
            if waitpid(pid, &status, 0) == pid { return status }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// Decodes a raw wait status (the W* macros are not imported into Swift).
    static func termination(fromWaitStatus status: Int32) -> ProcessTermination {
        let signal = status & 0x7f
        if signal == 0 {
            return .exited((status >> 8) & 0xff)
        }
        return .signaled(signal)
    }

    /// Kills the whole group and, separately, the leader: the leader might have moved itself
    /// to another group; on Linux also every process of the leader's session (a lab's
    /// `Process` children run in groups of their own). Safe only while the leader is not
    /// reaped (its pid, and so the group and session ids, cannot be reused yet).
    static func killGroup(_ pgid: pid_t) {
        _ = kill(-pgid, SIGKILL)
        _ = kill(pgid, SIGKILL)
        #if canImport(Glibc)
        SessionMembers.kill(session: pgid)
        #endif
    }

    private static func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
        return Darwin.read(fd, buffer, count)
        #else
        return Glibc.read(fd, buffer, count)
        #endif
    }

    private static func systemPoll(_ fds: UnsafeMutablePointer<pollfd>?, _ count: nfds_t, _ timeout: Int32) -> Int32 {
        #if canImport(Darwin)
        return Darwin.poll(fds, count, timeout)
        #else
        return Glibc.poll(fds, count, timeout)
        #endif
    }
}

/// An errno from a failed system call.
struct ProcessPlatformError: Error {
    let code: Int32
    init(_ code: Int32) { self.code = code }
}

#if canImport(Glibc)
/// GNU extensions of glibc that Swift's Glibc module does not import (it is built without
/// _GNU_SOURCE), looked up once at run time. Each is nil if this glibc lacks it.
struct GlibcExtensions: @unchecked Sendable {
    // @unchecked: plain C function pointers, immutable after `shared` is initialised.
    typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>?, Int32) -> Int32
    typealias AddChdir = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, UnsafePointer<CChar>?) -> Int32
    typealias AddClosefrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32

    /// `pipe2` (glibc 2.9).
    let pipe2: Pipe2?
    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29): chdir in the child, not in our
    /// process (a process-wide chdir would race with other threads).
    let addChdir: AddChdir?
    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34): closes fds other code leaked
    /// without close-on-exec, the Linux counterpart of Darwin's POSIX_SPAWN_CLOEXEC_DEFAULT.
    let addClosefrom: AddClosefrom?

    static let shared = GlibcExtensions()

    private init() {
        let handle = dlopen(nil, RTLD_NOW)
        func lookUp<F>(_ name: String, as type: F.Type) -> F? {
            guard let symbol = dlsym(handle, name) else { return nil }
            return unsafeBitCast(symbol, to: type)
        }
        pipe2 = lookUp("pipe2", as: Pipe2.self)
        addChdir = lookUp("posix_spawn_file_actions_addchdir_np", as: AddChdir.self)
        addClosefrom = lookUp("posix_spawn_file_actions_addclosefrom_np", as: AddClosefrom.self)
    }
}
#endif
