#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A freshly spawned child: its pid (also its process group id, as it leads its own group)
/// and the read ends of its stdout and stderr pipes, which the caller now owns.
struct SpawnedChild {
    let pid: pid_t
    let stdout: Int32
    let stderr: Int32
}

/// Starts a child with `posix_spawn` from an argument array (never a shell), in its own
/// process group, with stdin from /dev/null, stdout and stderr into fresh pipes, exactly the
/// requested environment and, if asked, another working directory.
enum ChildSpawner {
    static func spawn(_ request: ProcessRequest, retry: TextBusyRetry = .standard) throws(ProcessError) -> SpawnedChild {
        try checkExecutable(request.executable)
        // The program's errors are named above; the launcher that runs it sealed is the tool itself.
        var request = request
        if let sandbox = request.sandbox, let launcher = request.launcher ?? SandboxLaunch.launcher {
            request = SandboxLaunch.wrap(request, in: sandbox, launcher: launcher)
        }
        let path = request.executable
        if let directory = request.workingDirectory {
            // posix_spawn reports a bad directory as a bare ENOENT, which would read as a missing
            // executable; checking first names the real culprit.
            try checkDirectory(directory, for: path)
        }

        let out: (read: Int32, write: Int32)
        let err: (read: Int32, write: Int32)
        do {
            out = try ProcessPlatform.makeCloseOnExecPipe()
        } catch {
            throw .spawnFailed(path, errno: error.code)
        }
        do {
            err = try ProcessPlatform.makeCloseOnExecPipe()
        } catch {
            close(out.read)
            close(out.write)
            throw .spawnFailed(path, errno: error.code)
        }
        // The child has its own copies of the write ends; ours must go, or we never see EOF.
        defer {
            close(out.write)
            close(err.write)
        }
        let third = try request.descriptor3.map { bytes throws(ProcessError) in try filledPipe(bytes, for: path) }
        defer { if let third { close(third) } }

        do {
            let pid = try spawnWithPipes(request, stdout: out.write, stderr: err.write, third: third, retry: retry)
            return SpawnedChild(pid: pid, stdout: out.read, stderr: err.read)
        } catch {
            close(out.read)
            close(err.read)
            throw error
        }
    }

    /// Starts a child that reads `stdin` and writes to /dev/null, in its own session (Linux) or
    /// group, and is not watched: the caller neither reads its output nor reaps it.
    static func spawnDetached(_ request: ProcessRequest, stdin: Int32) throws(ProcessError) -> pid_t {
        try checkExecutable(request.executable)
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard null >= 0 else { throw .spawnFailed("/dev/null", errno: errno) }
        defer { close(null) }
        return try spawnWithPipes(request, stdin: stdin, stdout: null, stderr: null)
    }

    /// The read end of a pipe that holds `bytes` and whose write end is closed: a few bytes, below
    /// the pipe's capacity, so the write never blocks. Numbered above 3, so the child's dup2 onto
    /// 3 is a real copy, which clears close-on-exec.
    private static func filledPipe(_ bytes: [UInt8], for path: String) throws(ProcessError) -> Int32 {
        guard bytes.count <= 512, let pipe = try? ProcessPlatform.makeCloseOnExecPipe() else {
            throw .spawnFailed(path, errno: errno)
        }
        defer { close(pipe.write) }
        guard write(pipe.write, bytes, bytes.count) == bytes.count else {
            close(pipe.read)
            throw .spawnFailed(path, errno: errno)
        }
        guard pipe.read <= 3 else { return pipe.read }
        let moved = fcntl(pipe.read, F_DUPFD_CLOEXEC, 4)
        close(pipe.read)
        guard moved >= 0 else { throw .spawnFailed(path, errno: errno) }
        return moved
    }

    private static func spawnWithPipes(_ request: ProcessRequest, stdin: Int32? = nil, stdout: Int32, stderr: Int32,
                                       third: Int32? = nil, retry: TextBusyRetry = .standard) throws(ProcessError) -> pid_t {
        let path = request.executable
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t? = nil
        var attributes: posix_spawnattr_t? = nil
        #else
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        // File actions. dup2 clears close-on-exec on the target, so 1 and 2 survive the exec
        // while the original pipe fds (close-on-exec) do not.
        var code = stdin.map { posix_spawn_file_actions_adddup2(&actions, $0, 0) }
            ?? posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if code == 0 { code = posix_spawn_file_actions_adddup2(&actions, stdout, 1) }
        if code == 0 { code = posix_spawn_file_actions_adddup2(&actions, stderr, 2) }
        if code == 0, let third { code = posix_spawn_file_actions_adddup2(&actions, third, 3) }
        if code == 0, let directory = request.workingDirectory {
            code = addChdir(&actions, directory)
        }
        #if canImport(Glibc)
        // Closes whatever other code in this process opened without close-on-exec.
        if code == 0, let addClosefrom = GlibcExtensions.shared.addClosefrom {
            code = addClosefrom(&actions, third == nil ? 3 : 4)
        }
        #endif
        guard code == 0 else { throw .spawnFailed(path, errno: code) }

        // Attributes: own process group (pgid = child's pid) so the whole group can be killed
        // at once; an empty signal mask and default dispositions, so the child does not inherit
        // whatever the calling thread blocked or LabRunner ignored (SIGPIPE, SIGINT…).
        var flags = Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)
        #if canImport(Darwin)
        flags |= Int32(POSIX_SPAWN_SETPGROUP)
        // Closes every fd not named in the file actions: covers the pipe()/fcntl() gap.
        flags |= Int32(POSIX_SPAWN_CLOEXEC_DEFAULT)
        #else
        // On Linux the child leads its own *session* (which also makes it the leader of a new
        // group, pgid = pid). Foundation's `Process` puts every process it starts in a group of
        // its own, so a lab's `Process` would escape a group kill; it stays in the session,
        // and `ProcessPlatform.killGroup` kills the session's members too.
        flags |= request.newSession ? Self.setSessionFlag : Int32(POSIX_SPAWN_SETPGROUP)
        #endif
        code = posix_spawnattr_setflags(&attributes, Int16(truncatingIfNeeded: flags))
        if code == 0, flags & Int32(POSIX_SPAWN_SETPGROUP) != 0 { code = posix_spawnattr_setpgroup(&attributes, 0) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        if code == 0 { code = posix_spawnattr_setsigmask(&attributes, &noSignals) }
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        sigdelset(&allSignals, SIGKILL)
        sigdelset(&allSignals, SIGSTOP)
        if code == 0 { code = posix_spawnattr_setsigdefault(&attributes, &allSignals) }
        guard code == 0 else { throw .spawnFailed(path, errno: code) }

        let argv = CStringArray([path] + request.arguments)
        // Sorted so a child sees the same environ order on every run.
        let envp = CStringArray(request.environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" })
        defer {
            argv.release()
            envp.release()
        }

        var pid: pid_t = 0
        code = retry.run { posix_spawn(&pid, path, &actions, &attributes, argv.pointers, envp.pointers) }
        #if canImport(Glibc)
        if code == EINVAL, flags & Self.setSessionFlag != 0 {
            // glibc older than 2.26 has no POSIX_SPAWN_SETSID: fall back to a group of its own.
            var fallback = request
            fallback.newSession = false
            return try spawnWithPipes(fallback, stdin: stdin, stdout: stdout, stderr: stderr, third: third, retry: retry)
        }
        #endif
        switch code {
        case 0:
            return pid
        case ENOENT where access(path, F_OK) != 0:
            throw .notFound(path)
        case EACCES, ENOEXEC:
            throw .notExecutable(path)
        default:
            throw .spawnFailed(path, errno: code)
        }
    }

    #if canImport(Glibc)
    /// `POSIX_SPAWN_SETSID` (glibc 2.26); spawn.h defines it only under _GNU_SOURCE, which
    /// Swift's Glibc module is built without.
    static let setSessionFlag: Int32 = 0x80
    #endif

    #if canImport(Darwin)
    private static func addChdir(_ actions: inout posix_spawn_file_actions_t?, _ directory: String) -> Int32 {
        // The _np name is deprecated from macOS 26 in favour of the POSIX 2024 name, which older
        // SDKs lack; with a macOS 14 deployment target the _np one compiles warning-free.
        posix_spawn_file_actions_addchdir_np(&actions, directory)
    }
    #else
    private static func addChdir(_ actions: inout posix_spawn_file_actions_t, _ directory: String) -> Int32 {
        guard let addChdir = GlibcExtensions.shared.addChdir else {
            // glibc older than 2.29: no safe way to chdir only in the child without a shell or a
            // fork of a multithreaded process, so refuse rather than run in the wrong place.
            return ENOSYS
        }
        return addChdir(&actions, directory)
    }
    #endif

    /// Fails early, with the right error, for the usual mistakes.
    private static func checkExecutable(_ path: String) throws(ProcessError) {
        // A relative path would be resolved against a working directory, ours or the child's
        // depending on the platform: refuse it rather than guess.
        guard path.hasPrefix("/") else { throw .notFound(path) }
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound(path) }
            throw .spawnFailed(path, errno: code)
        }
        let isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
        guard isRegularFile, access(path, X_OK) == 0 else { throw .notExecutable(path) }
    }

    private static func checkDirectory(_ directory: String, for path: String) throws(ProcessError) {
        var info = stat()
        let what = "\(path) in working directory \(directory)"
        guard stat(directory, &info) == 0 else { throw .spawnFailed(what, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw .spawnFailed(what, errno: ENOTDIR) }
    }
}

/// A NULL-terminated array of C strings for argv/envp, freed explicitly after the spawn.
private struct CStringArray {
    let pointers: [UnsafeMutablePointer<CChar>?]

    /// Each string as the system's bytes: an argument that is a path (`FileName`) keeps the
    /// bytes of its name.
    init(_ strings: [String]) {
        pointers = strings.map { FileName.withSystemPath($0) { strdup($0) } } + [nil]
    }

    func release() {
        for pointer in pointers { free(pointer) }
    }
}
