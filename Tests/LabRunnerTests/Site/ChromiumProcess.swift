import Foundation
@testable import LabRunner
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A Chromium that cannot outlive the test process. It runs under a small `sh` watchdog whose
/// standard input is a pipe only this process can write to: when the pipe closes (`stop()`, or
/// the kernel closing it because the test process ended, even by Ctrl-C or `kill -9`), the
/// watchdog reads end of file and sends the browser SIGTERM (Chromium then ends its own helper
/// processes). The watchdog ends once the browser has, however it ended. The pipe's ends are
/// close-on-exec, so no other child of the test process (swiftc, `labrunner`) holds the write
/// end open.
///
/// Spawned with `posix_spawn`, not `Process`: the test process's threads block SIGCHLD (and
/// more), a mask `Process` passes on, and `sh` waiting for the browser with SIGCHLD blocked
/// never wakes; and `Process` passes on every descriptor not marked close-on-exec (the test
/// servers' sockets), which a browser living as long as the test run would hold open. Here the
/// watchdog starts with no signal blocked, default dispositions, and only its three standard
/// descriptors. It ignores SIGINT (and so does the browser, which inherits that): Ctrl-C reaches
/// the whole process group, and the watchdog must outlive the test process to end the browser.
final class ChromiumProcess: @unchecked Sendable {
    private let watchdog: pid_t
    /// The pipe's write end until `stop()`; whether the watchdog has ended (and was reaped).
    private let state = LockedValue<(writeEnd: Int32?, ended: Bool)>((nil, false))

    /// `$@` is the browser's command. The reader reads the pipe (fd 3, a copy of standard input:
    /// a background command's standard input is otherwise /dev/null).
    static let script = """
        trap '' INT
        exec 3<&0
        "$@" </dev/null 3<&- >/dev/null 2>&1 &
        browser=$!
        { read ignored <&3; kill "$browser" 2>/dev/null; } &
        reader=$!
        exec 3<&-
        wait "$browser"
        kill "$reader" 2>/dev/null
        """

    /// Starts `chromium` with `arguments` under the watchdog.
    init(_ chromium: String, arguments: [String]) throws {
        let ends = try Self.closeOnExecPipe()
        defer { close(ends[0]) }
        do {
            watchdog = try Self.spawn(["/bin/sh", "-c", Self.script, "sh", chromium] + arguments, input: ends[0])
        } catch {
            close(ends[1])
            throw error
        }
        state.withLock { $0.writeEnd = ends[1] }
    }

    /// Whether the watchdog (and so, normally, the browser) is still running.
    var isRunning: Bool {
        state.withLock { state in
            if !state.ended {
                var status: Int32 = 0
                let reaped = waitpid(watchdog, &status, WNOHANG)
                state.ended = reaped == watchdog || (reaped < 0 && errno == ECHILD)
            }
            return !state.ended
        }
    }

    /// Ends the browser and waits (at most 20 s) until it and its watchdog have ended.
    /// Safe to call more than once, from any thread, and from an `atexit` hook.
    func stop() {
        state.withLock { state in
            if let descriptor = state.writeEnd { close(descriptor) }
            state.writeEnd = nil
        }
        let deadline = Date().addingTimeInterval(20)
        while isRunning && Date() < deadline { usleep(10_000) }
    }

    deinit { stop() }

    /// `arguments` (the program first, a full path) with `input` as its standard input, output
    /// and errors to /dev/null, no other descriptor, no signal blocked, default dispositions.
    private static func spawn(_ arguments: [String], input: Int32) throws -> pid_t {
        #if os(Linux)
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        #else
        var attributes: posix_spawnattr_t?
        var actions: posix_spawn_file_actions_t?
        #endif
        posix_spawnattr_init(&attributes)
        posix_spawn_file_actions_init(&actions)
        defer {
            posix_spawnattr_destroy(&attributes)
            posix_spawn_file_actions_destroy(&actions)
        }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD, SIGQUIT] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Every other descriptor closed: `closefrom` as a spawn action where the C library has
        // it (Glibc 2.34+, not exported to Swift), else each one open now.
        typealias CloseFrom = @convention(c) (UnsafeMutableRawPointer, Int32) -> Int32
        #if os(Linux)
        let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np")
        #else
        let closeFrom: UnsafeMutableRawPointer? = nil
        #endif
        if let symbol = closeFrom {
            _ = withUnsafeMutablePointer(to: &actions) { unsafeBitCast(symbol, to: CloseFrom.self)(UnsafeMutableRawPointer($0), 3) }
        } else {
            for descriptor in Int32(3)..<Int32(getdtablesize()) where fcntl(descriptor, F_GETFD) >= 0 {
                posix_spawn_file_actions_addclose(&actions, descriptor)
            }
        }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
        return pid
    }

    /// A pipe whose two ends are close-on-exec from the start: `pipe2(O_CLOEXEC)` where there is
    /// one (Glibc does not export it to Swift), else `pipe` then `fcntl`, where a child spawned
    /// by another thread in between could inherit an end.
    private static func closeOnExecPipe() throws -> [Int32] {
        var ends: [Int32] = [-1, -1]
        typealias Pipe2 = @convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32
        #if os(Linux)
        let pipe2 = dlsym(nil, "pipe2").map { unsafeBitCast($0, to: Pipe2.self) }
        #else
        let pipe2: Pipe2? = nil
        #endif
        if let pipe2 {
            guard pipe2(&ends, Int32(O_CLOEXEC)) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            return ends
        }
        guard pipe(&ends) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return ends
    }
}
