#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A second process that kills every child group of the tool once the tool is gone, however it
/// died (SIGKILL, a crash, a signal it could not handle): children run in sessions of their own,
/// so nothing else would stop them.
///
/// The tool holds the write end of a pipe whose read end is the supervisor's stdin, and tells it
/// `+PGID` when it registers a group and `-PGID` before it reaps the leader (see
/// `ProcessRegistry`). The kernel closes the write end when the tool dies, whatever the cause;
/// the supervisor then reads end-of-file and kills each group still registered, with its session
/// (`ProcessPlatform.killGroup`), and exits. The write end is close-on-exec and children are
/// spawned with every other descriptor closed, so only the tool holds it.
///
/// Chosen over Linux's parent-death signal, which `posix_spawn` cannot set and which fires when
/// the spawning *thread* ends, and over a child subreaper, which catches only its own
/// descendants (labs are the tool's children, not the supervisor's). The same pipe works on macOS.
package final class ProcessSupervisor: Sendable {
    /// The hidden first argument that makes `labrunner` a supervisor (see `serve`).
    package static let argument = "__labrunner-supervisor"

    private let writeEnd: Int32
    /// The supervisor's pid: a child of the tool that `ProcessAdoption` must leave alone.
    let pid: pid_t

    private init(writeEnd: Int32, pid: pid_t) {
        self.writeEnd = writeEnd
        self.pid = pid
    }

    /// Starts `executable argument` as a supervisor, in a session of its own (a terminal hangup
    /// or a signal to the tool's group does not reach it); nil if it cannot be started, and then
    /// the tool runs unsupervised, as before.
    package static func start(executable: String = currentExecutable, environment: [String: String]) -> ProcessSupervisor? {
        guard let pipe = try? ProcessPlatform.makeCloseOnExecPipe() else { return nil }
        defer { close(pipe.read) }
        // A supervisor that stopped reading must never block the tool: a full pipe drops a message.
        _ = fcntl(pipe.write, F_SETFL, fcntl(pipe.write, F_GETFL) | O_NONBLOCK)
        let request = ProcessRequest(executable: executable, arguments: [argument], environment: environment)
        guard let pid = try? ChildSpawner.spawnDetached(request, stdin: pipe.read) else {
            close(pipe.write)
            return nil
        }
        return ProcessSupervisor(writeEnd: pipe.write, pid: pid)
    }

    /// The running binary: Linux's `/proc/self/exe` still names it if the file was replaced or
    /// deleted since (a rebuild), which a path would not.
    package static var currentExecutable: String {
        #if os(Linux)
        return "/proc/self/exe"
        #else
        var size = UInt32(4096)
        var buffer = [CChar](repeating: 0, count: Int(size))
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return CommandLine.arguments[0] }
        return String(cString: buffer)
        #endif
    }

    /// `+PGID`: a group the supervisor must kill if the tool dies.
    func started(_ pgid: pid_t) { send("+\(pgid)\n") }

    /// `-PGID`: the group is about to be reaped (its pid may be reused afterwards).
    func ended(_ pgid: pid_t) { send("-\(pgid)\n") }

    private func send(_ line: String) {
        // A few bytes, below PIPE_BUF: written whole or not at all. A supervisor that died only
        // costs the protection it gave (EPIPE, with SIGPIPE ignored or handled by the tool).
        var line = line
        _ = line.withUTF8 { write(writeEnd, $0.baseAddress, $0.count) }
    }

    /// The supervisor's life: read `+PGID`/`-PGID` lines from stdin until end-of-file, then kill
    /// every group still registered, and exit.
    package static func serve(input: Int32 = 0) -> Never {
        // Its own session shields it from the terminal; a signal meant for the tool (`kill` by
        // name, a closed pipe) must not end it before the tool is gone.
        for signalNumber in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM] {
            signal(signalNumber, SIG_IGN)
        }
        var groups = Set<pid_t>()
        var pending: [UInt8] = []
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 4096, alignment: 1)
        while case let count = ProcessPlatform.read(input, into: scratch), count > 0 {
            pending += scratch[0..<count]
            while let newline = pending.firstIndex(of: 0x0A) {
                apply(pending[..<newline], to: &groups)
                pending.removeSubrange(...newline)
            }
        }
        for pgid in groups { ProcessPlatform.killGroup(pgid) }
        _exit(0)
    }

    private static func apply(_ line: ArraySlice<UInt8>, to groups: inout Set<pid_t>) {
        guard let sign = line.first, let pgid = pid_t(String(decoding: line.dropFirst(), as: UTF8.self)), pgid > 1 else {
            return
        }
        if sign == UInt8(ascii: "+") { groups.insert(pgid) } else if sign == UInt8(ascii: "-") { groups.remove(pgid) }
    }
}
