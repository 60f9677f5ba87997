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
/// Spawned as the tool spawns its supervisor (`ChildSpawner.spawnDetached`), not with `Process`:
/// the test process's threads block SIGCHLD (and more), a mask `Process` passes on, and `sh`
/// waiting for the browser with SIGCHLD blocked never wakes; and `Process` passes on every
/// descriptor not marked close-on-exec (the test servers' sockets), which a browser living as long
/// as the test run would hold open. The watchdog also ignores SIGINT (and so does the browser,
/// which inherits that): it must outlive the test process to end the browser.
///
/// The browser's folder (its profile) and a temporary folder of its own, its `TMPDIR` (where it
/// leaves `org.chromium.Chromium.*` folders when it is ended), are removed by the watchdog once
/// the browser has ended, so a run ended by `kill -9` leaves nothing behind either. That folder's
/// path is short: a socket's path inside it must fit in 108 bytes.
final class ChromiumProcess: @unchecked Sendable {
    private let watchdog: pid_t
    /// The pipe's write end until `stop()`; whether the watchdog has ended (and was reaped).
    private let state = LockedValue<(writeEnd: Int32?, ended: Bool)>((nil, false))

    /// `$1` is the browser's folder, the rest its command. The reader reads the pipe (fd 3, a
    /// copy of standard input: a background command's standard input is otherwise /dev/null).
    static let script = """
        trap '' INT
        folder=$1
        shift
        scratch=$(mktemp -d "${TMPDIR:-/tmp}/lrc.XXXXXX") || exit 1
        exec 3<&0
        TMPDIR="$scratch" "$@" </dev/null 3<&- >/dev/null 2>&1 &
        browser=$!
        { read ignored <&3; kill "$browser" 2>/dev/null; } &
        reader=$!
        exec 3<&-
        wait "$browser"
        kill "$reader" 2>/dev/null
        rm -rf "$folder" "$scratch"
        """

    /// Starts `chromium` with `arguments` under the watchdog; `folder` (its profile) is removed once
    /// the browser has ended.
    init(_ chromium: String, arguments: [String], folder: String) throws {
        let pipe = try ProcessPlatform.makeCloseOnExecPipe()
        defer { close(pipe.read) }
        let request = ProcessRequest(executable: "/bin/sh", arguments: ["-c", Self.script, "sh", folder, chromium] + arguments,
                                     environment: ProcessInfo.processInfo.environment)
        do {
            // The process layer's detached spawn: a session of its own (Ctrl-C to the test's
            // group does not reach it), no signal blocked, default dispositions, descriptors
            // other than the three standard ones closed.
            watchdog = try ChildSpawner.spawnDetached(request, stdin: pipe.read)
        } catch {
            close(pipe.write)
            throw error
        }
        state.withLock { $0.writeEnd = pipe.write }
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
}
