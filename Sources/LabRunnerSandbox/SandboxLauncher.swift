#if os(Linux)
import Glibc

/// `labrunner __labrunner-sandbox OPTIONS -- PROGRAM ARGS`: seals itself off, then runs the
/// program inside, as PID 1's only child in a PID namespace of its own.
///
/// It runs in a fresh process of the tool's binary, single-threaded, before anything else of
/// the tool: fork and raw system calls are safe here, as they are not in the tool itself.
///
/// 1. The executable is opened while the caller's rights still hold (the cache is private).
/// 2. Root becomes `nobody` (65534): everything after is what an unprivileged user may do, so
///    being root outside gives nothing inside, and the process limit applies (root's does not).
/// 3. New user, mount, PID, IPC, UTS and (unless the lab asks for it) network namespaces; the
///    user is mapped to uid and gid 1000 inside, so the program's exec drops every capability.
/// 4. `SandboxRoot` builds the file system and pivots into it.
/// 5. A fork becomes PID 1 of the new PID namespace; it forks the program, with its limits and
///    no new privileges, and waits. When the program ends, PID 1 ends, and the kernel kills
///    every process left in the namespace: whatever the program started, in any session or
///    group, ignoring any signal. PID 1 also dies with this launcher (parent-death signal), and
///    the tool kills the launcher's group on a timeout or an interrupt.
/// 6. The launcher ends as the program did: the same exit status, or the same signal.
///
/// A failure before the program starts is written to stderr as `labrunner: sandbox: STEP: ERROR`
/// and ends the launcher with `setupFailure`.
package enum SandboxLauncher {
    static let setupFailure: Int32 = 125
    static let insideID: UInt32 = 1000
    static let nobody: UInt32 = 65534

    package static func serve(_ words: [String]) -> Never {
        guard let calls = SandboxCalls.shared else { fail(SandboxFailure(step: "look up unshare", code: ENOSYS)) }
        guard let (requested, program) = Sandbox.parse(words) else {
            fail(SandboxFailure(step: "read the arguments", code: EINVAL))
        }
        let executable = program[0]
        let source = open(executable, O_RDONLY | O_CLOEXEC)
        guard source >= 0 else { fail(SandboxFailure(step: "open " + executable, code: errno)) }
        do throws(SandboxFailure) {
            if geteuid() == 0 { try becomeNobody(calls) }
            try unshare(calls, network: requested.network)
        } catch {
            fail(error)
        }
        var sandbox = requested
        sandbox.readOnlyPaths += runPath(of: source)
        let arguments = program.map { strdup($0) } + [nil]
        runInit(calls, sandbox: sandbox, path: executable, source: source, arguments: arguments)
    }

    /// The executable's own library folders (the Swift runtime), read with `pread`, which leaves
    /// the file's offset for the copy that reads it from the start.
    private static func runPath(of source: Int32) -> [String] {
        ELFRunPath.folders { offset, count in
            guard offset >= 0, count > 0 else { return [] }
            var bytes = [UInt8](repeating: 0, count: count)
            let got = bytes.withUnsafeMutableBytes { pread(source, $0.baseAddress, $0.count, off_t(offset)) }
            return got > 0 ? Array(bytes[..<got]) : []
        }
    }

    private static func becomeNobody(_ calls: SandboxCalls) throws(SandboxFailure) {
        try check(setgroups(0, nil), "drop the groups")
        try check(calls.setresgid(nobody, nobody, nobody), "become nobody")
        try check(calls.setresuid(nobody, nobody, nobody), "become nobody")
        // Changing uid made the process undumpable, which makes /proc/self root's: its own
        // uid_map could not be written.
        try check(calls.prctl(SandboxCalls.setDumpable, 1, 0, 0, 0), "prctl")
    }

    private static func unshare(_ calls: SandboxCalls, network: Bool) throws(SandboxFailure) {
        let uid = geteuid(), gid = getegid()
        let new = SandboxCalls.newNamespace
        var flags = new.user | new.mount | new.pid | new.ipc | new.uts
        if !network { flags |= new.network }
        try check(calls.unshare(flags), "unshare (user namespaces may be disabled)")
        try write("deny", to: "/proc/self/setgroups")
        try write("\(insideID) \(uid) 1", to: "/proc/self/uid_map")
        try write("\(insideID) \(gid) 1", to: "/proc/self/gid_map")
    }

    /// Forks PID 1 of the new namespace, which forks and waits for the program; relays its end.
    private static func runInit(_ calls: SandboxCalls, sandbox: Sandbox, path: String, source: Int32,
                                arguments: [UnsafeMutablePointer<CChar>?]) -> Never {
        var report: [Int32] = [-1, -1]
        guard pipe(&report) == 0 else { fail(SandboxFailure(step: "pipe", code: errno)) }
        let first = fork()
        guard first >= 0 else { fail(SandboxFailure(step: "fork", code: errno)) }
        if first == 0 {
            close(report[0])
            _ = calls.prctl(SandboxCalls.setParentDeathSignal, UInt(SIGKILL), 0, 0, 0)
            // The root is built here, inside the PID namespace: its /proc shows this namespace only.
            do throws(SandboxFailure) {
                try SandboxRoot().enter(executable: path, source: source, readOnly: sandbox.readOnlyPaths,
                                        temporaryBytes: max(4 * sandbox.fileSize, 64 << 20))
            } catch {
                fail(error)
            }
            close(source)
            let inside = SandboxRoot().isShown(path) ? path : SandboxRoot.programPath(of: path)
            let program = fork()
            if program == 0 {
                close(report[1])
                startProgram(calls, sandbox: sandbox, path: inside, arguments: arguments)
            }
            var status: Int32 = 0
            // As PID 1 it inherits every orphan: reap them too, until the program itself ends.
            while program > 0 {
                let pid = waitpid(-1, &status, 0)
                if pid == program { break }
                if pid < 0 && errno != EINTR { break }
            }
            if program < 0 { status = Int32(setupFailure) << 8 }
            _ = withUnsafeBytes(of: &status) { Glibc.write(report[1], $0.baseAddress, $0.count) }
            _exit(0)
        }
        close(report[1])
        close(source)
        var initStatus: Int32 = 0
        while waitpid(first, &initStatus, 0) < 0 && errno == EINTR {}
        var status: Int32 = 0
        let count = withUnsafeMutableBytes(of: &status) { Glibc.read(report[0], $0.baseAddress, $0.count) }
        end(like: count == MemoryLayout<Int32>.size ? status : initStatus)
    }

    private static func startProgram(_ calls: SandboxCalls, sandbox: Sandbox, path: String, arguments: [UnsafeMutablePointer<CChar>?]) -> Never {
        limit(RLIMIT_NPROC_VALUE, sandbox.processes)
        limit(__rlimit_resource_t(RLIMIT_AS.rawValue), sandbox.memory)
        limit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), sandbox.fileSize)
        limit(__rlimit_resource_t(RLIMIT_CORE.rawValue), 0)
        _ = calls.prctl(SandboxCalls.setNoNewPrivileges, 1, 0, 0, 0)
        execv(path, arguments)
        fail(SandboxFailure(step: "exec " + path, code: errno))
    }

    private static let RLIMIT_NPROC_VALUE = __rlimit_resource_t(6)

    private static func limit(_ resource: __rlimit_resource_t, _ value: Int) {
        var bound = rlimit(rlim_cur: rlim_t(value), rlim_max: rlim_t(value))
        _ = setrlimit(resource, &bound)
    }

    /// Ends this process as the program ended: its exit status, or killed by its signal.
    private static func end(like status: Int32) -> Never {
        let signalNumber = status & 0x7f
        guard signalNumber != 0 else { _exit((status >> 8) & 0xff) }
        limit(__rlimit_resource_t(RLIMIT_CORE.rawValue), 0)
        signal(signalNumber, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, signalNumber)
        sigprocmask(SIG_UNBLOCK, &only, nil)
        kill(getpid(), signalNumber)
        _exit(128 + signalNumber)
    }

    private static func write(_ text: String, to path: String) throws(SandboxFailure) {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw SandboxFailure(step: "open " + path, code: errno) }
        defer { close(descriptor) }
        let bytes = Array(text.utf8)
        guard Glibc.write(descriptor, bytes, bytes.count) == bytes.count else {
            throw SandboxFailure(step: "write " + path, code: errno)
        }
    }

    private static func check(_ result: Int32, _ step: String) throws(SandboxFailure) {
        if result != 0 { throw SandboxFailure(step: step, code: errno) }
    }

    private static func fail(_ failure: SandboxFailure) -> Never {
        let message = "labrunner: sandbox: \(failure.step): \(String(cString: strerror(failure.code)))\n"
        _ = message.utf8CString.withUnsafeBufferPointer { Glibc.write(2, $0.baseAddress, $0.count - 1) }
        _exit(setupFailure)
    }
}
#endif
