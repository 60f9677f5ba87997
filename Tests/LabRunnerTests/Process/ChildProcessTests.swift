import Foundation
import Testing
@testable import LabRunner

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The process layer against real children (/bin/sh, /bin/echo, /bin/sleep, /bin/cat…).
/// Every slow case has a safety timeout, so a broken implementation fails instead of hanging.
@Suite struct ChildProcessTests {
    // MARK: Exit status and output

    @Test func reportsExitStatus() throws {
        #expect(try run("/bin/sh", "-c", "exit 3").termination == .exited(3))
        #expect(try run("/bin/sh", "-c", "true").termination == .exited(0))
    }

    @Test func separatesStdoutAndStderrExactly() throws {
        let result = try run("/bin/sh", "-c", "printf 'out\\n'; printf 'err' >&2; printf 'more'")
        #expect(text(result.stdout) == "out\nmore")
        #expect(text(result.stderr) == "err")
        #expect(result.termination == .exited(0))
    }

    @Test func passesArgumentsWithoutAShell() throws {
        let result = try run("/bin/echo", "a  b", "$HOME", "*", "'q'")
        #expect(text(result.stdout) == "a  b $HOME * 'q'\n")
    }

    @Test func passesExactlyTheGivenEnvironment() throws {
        let environment = ["LABRUNNER_A": "1", "LABRUNNER_B": "two words=x", "EMPTY": ""]
        let result = try ChildProcess.run(ProcessRequest(executable: "/usr/bin/env", environment: environment))
        let lines = text(result.stdout).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == ["EMPTY=", "LABRUNNER_A=1", "LABRUNNER_B=two words=x", ""])

        let empty = try ChildProcess.run(ProcessRequest(executable: "/usr/bin/env", environment: [:]))
        #expect(empty.stdout.isEmpty)
    }

    @Test func stdinIsDevNull() throws {
        // Asked of the child itself: swapping this test process's fd 0 to prove the point
        // raced with every test running beside it (and with CI runners whose stdin is closed).
        let result = try ChildProcess.run(ProcessRequest(
            executable: "/bin/sh",
            arguments: ["-c", "if [ /dev/stdin -ef /dev/null ]; then echo null; else echo other; fi; cat; echo eof"],
            environment: [:], timeout: 5))
        #expect(result.termination == .exited(0))
        #expect(text(result.stdout) == "null\neof\n")
    }

    @Test func runsInTheWorkingDirectory() throws {
        let result = try ChildProcess.run(ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", "pwd -P"], environment: [:], workingDirectory: "/"))
        #expect(text(result.stdout) == "/\n")
    }

    @Test func resetsSignalsLabRunnerIgnores() throws {
        // The CLI ignores SIGINT/SIGTERM itself, and ignored signals survive exec; children must
        // still die of them. SIGUSR2 stands in, so other tests' SIGINT/SIGTERM handling is untouched.
        let previous = signal(SIGUSR2, SIG_IGN)
        defer { signal(SIGUSR2, previous) }
        let result = try run("/bin/sh", "-c", "kill -USR2 $$; sleep 5", timeout: 5)
        #expect(result.termination == .signaled(SIGUSR2))
    }

    // MARK: Stopping children

    // Timeouts are checked against children that would run for 30 s: a margin no busy machine
    // eats, where a fixed "under 2 s" flakes.
    @Test func killsAtTheTimeoutAndKeepsOutputSoFar() throws {
        let clock = ContinuousClock.now
        let result = try run("/bin/sh", "-c", "echo before; exec /bin/sleep 30", timeout: 0.5)
        let elapsed = ContinuousClock.now - clock
        #expect(result.termination == .timedOut)
        #expect(text(result.stdout) == "before\n")
        #expect(result.duration >= 0.5)
        #expect(elapsed < .seconds(25), "waited for the child instead of killing it")
    }

    @Test func timesOutAChildThatClosedItsPipes() throws {
        // No EOF to wait for: the deadline must still be honoured.
        let result = try run("/bin/sh", "-c", "exec >&- 2>&-; exec /bin/sleep 30", timeout: 0.5)
        #expect(result.termination == .timedOut)
        #expect(result.duration < 25, "waited for the child instead of killing it")
    }

    @Test func grandchildHoldingThePipeDoesNotDelayOrOutliveTheRun() throws {
        // The shell prints its pid (= the pgid) and the background sleep's pid, then exits while
        // the sleep still holds stdout. The safety timeout only catches a broken implementation.
        let result = try run("/bin/sh", "-c", "echo $$; /bin/sleep 30 & echo $!", timeout: 5)
        #expect(result.termination == .exited(0))
        #expect(result.duration < 25, "waited for the background sleep")
        let pids = text(result.stdout).split(separator: "\n").compactMap { pid_t($0) }
        try #require(pids.count == 2)
        let (pgid, grandchild) = (pids[0], pids[1])
        #expect(waitUntil { !isRunning(grandchild) }, "the background sleep \(grandchild) survived")
        #expect(waitUntil { !groupHasLiveMembers(pgid) }, "process group \(pgid) still has live members")
    }

    @Test func reportsDeathBySignal() throws {
        #expect(try run("/bin/sh", "-c", "kill -SEGV $$").termination == .signaled(SIGSEGV))
        #expect(try run("/bin/sh", "-c", "kill -ABRT $$").termination == .signaled(SIGABRT))
    }

    @Test func stopsAtTheOutputLimitKeepingExactlyLimitBytes() throws {
        let result = try ChildProcess.run(ProcessRequest(
            executable: "/usr/bin/yes", environment: [:], timeout: 5, outputLimit: 1000))
        #expect(result.termination == .outputLimitExceeded)
        #expect(result.stdout.count == 1000)
        #expect(result.stdout == Array(String(repeating: "y\n", count: 500).utf8))
    }

    @Test func appliesTheOutputLimitToStderrToo() throws {
        let result = try ChildProcess.run(ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", "echo fine; exec /usr/bin/yes >&2"],
            environment: [:], timeout: 5, outputLimit: 100))
        #expect(result.termination == .outputLimitExceeded)
        #expect(result.stderr.count == 100)
        #expect(text(result.stdout) == "fine\n")
    }

    @Test func outputOfExactlyTheLimitIsNotExceeded() throws {
        let result = try ChildProcess.run(ProcessRequest(
            executable: "/bin/sh", arguments: ["-c", "printf 12345"], environment: [:], outputLimit: 5))
        #expect(result.termination == .exited(0))
        #expect(text(result.stdout) == "12345")
    }

    @Test func keepsLargeOutputUnderTheLimitIntact() throws {
        // Several pipe buffers' worth, so the reader must keep up while the child writes.
        let result = try run("/bin/sh", "-c", "i=0; while [ $i -lt 5000 ]; do echo line$i; i=$((i+1)); done")
        let lines = text(result.stdout).split(separator: "\n")
        #expect(result.termination == .exited(0))
        #expect(lines.count == 5000)
        #expect(lines.last == "line4999")
    }

    // MARK: Spawn failures

    @Test func missingExecutableThrowsNotFound() {
        #expect(throws: ProcessError.self) { try run("/nonexistent/labrunner-tool") }
        do {
            _ = try run("/nonexistent/labrunner-tool")
        } catch {
            guard case .notFound(let path) = error else { Issue.record("got \(error)"); return }
            #expect(path == "/nonexistent/labrunner-tool")
            #expect(error.description.contains("/nonexistent/labrunner-tool"))
        }
        // Relative paths are refused, not resolved against some directory.
        do {
            _ = try run("sh")
            Issue.record("a relative path ran")
        } catch {
            guard case .notFound = error else { Issue.record("got \(error)"); return }
        }
    }

    @Test func nonExecutableThrowsNotExecutable() throws {
        let file = FileManager.default.temporaryDirectory
            .appendingPathComponent("labrunner-noexec-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try "#!/bin/sh\necho hi\n".write(toFile: file, atomically: true, encoding: .utf8)
        defer { unlink(file) }
        chmod(file, 0o644)
        for path in [file, "/"] {
            do {
                _ = try run(path)
                Issue.record("\(path) ran")
            } catch {
                guard case .notExecutable(let reported) = error else { Issue.record("got \(error)"); continue }
                #expect(reported == path)
                #expect(error.description.contains(path))
            }
        }
    }

    @Test func missingWorkingDirectoryThrowsNamingIt() {
        do {
            _ = try ChildProcess.run(ProcessRequest(
                executable: "/bin/echo", environment: [:], workingDirectory: "/nonexistent/dir"))
            Issue.record("ran in a missing directory")
        } catch {
            guard case .spawnFailed(_, let code) = error else { Issue.record("got \(error)"); return }
            #expect(code == ENOENT)
            #expect(error.description.contains("/nonexistent/dir"))
        }
    }

    // MARK: Concurrency and resources

    /// Counting, not timing: each child marks itself started, then waits until all 16 are, and
    /// says how many it saw. Serialised runs would see 1, 2, …; only concurrent ones all see 16.
    @Test func manyConcurrentRunsFromSeveralThreads() throws {
        let count = 16
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("labrunner-concurrent-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Up to 400 × 0.05 s: a generous bound that only serialised runs reach.
        let script = """
            index=$1; folder=$2; : > "$folder/$index"; i=0
            while [ $i -lt 400 ]; do set -- "$folder"/*; [ $# -ge \(count) ] && break; /bin/sleep 0.05; i=$((i+1)); done
            echo "$index saw $#"; echo "e$index" >&2
            """
        let runs = (0..<count).map { index in
            ThreadedRun(ProcessRequest(executable: "/bin/sh", arguments: ["-c", script, "sh", "\(index)", folder],
                                       environment: [:], timeout: 60))
        }
        let results = runs.map { $0.wait() }
        for (index, outcome) in results.enumerated() {
            let result = try outcome.get()
            #expect(text(result.stdout) == "\(index) saw \(count)\n")
            #expect(text(result.stderr) == "e\(index)\n")
            #expect(result.termination == .exited(0))
        }
    }

    @Test func childrenInheritNoStrayDescriptors() throws {
        // Spawned concurrently, so each child could catch the others' pipes if they leaked.
        let runs = (0..<8).map { _ in
            // The glob lists /dev/fd while the directory itself is open (one extra fd).
            ThreadedRun(ProcessRequest(executable: "/bin/sh", arguments: ["-c", "/bin/sleep 0.1; echo /dev/fd/*"],
                                       environment: [:], timeout: 5))
        }
        for run in runs {
            let listing = text(try run.wait().get().stdout).trimmingCharacters(in: .whitespacesAndNewlines)
            let fds = listing.split(separator: " ").compactMap { $0.split(separator: "/").last.flatMap { Int($0) } }
            #expect(fds.filter { $0 > 2 }.count <= 1, "the child saw descriptors \(fds)")
            #expect(fds.count >= 3, "unexpected listing \(listing)")
        }
    }

    @Test func waitsWithoutBusyLooping() {
        // CPU time of this thread while children sleep with their pipes open, then closed.
        let before = threadCPUSeconds()
        _ = try? run("/bin/sleep", "0.6", timeout: 5)
        _ = try? run("/bin/sh", "-c", "exec >&- 2>&-; exec /bin/sleep 0.6", timeout: 5)
        let cpu = threadCPUSeconds() - before
        #expect(cpu < 0.2, "run used \(cpu) s of CPU while the children slept")
    }

    // MARK: Registry

    @Test func killAllStopsRunningGroupsAndLaterSpawns() throws {
        let registry = ProcessRegistry()
        let request = ProcessRequest(executable: "/bin/sh", arguments: ["-c", "/bin/sleep 30 & /bin/sleep 30"],
                                     environment: [:], timeout: 10)
        let running = ThreadedRun(request, registry: registry)
        #expect(waitUntil { !registry.liveGroups.isEmpty })
        registry.killAll()
        let result = try running.wait().get()
        #expect(result.termination == .signaled(SIGKILL))
        #expect(result.duration < 25, "killAll did not stop the 30 s sleeps")
        #expect(registry.liveGroups.isEmpty)

        // After killAll (shutdown), a new child is killed at once.
        let late = try ChildProcess.run(request, registry: registry)
        #expect(late.termination == .signaled(SIGKILL))
        #expect(late.duration < 25, "a spawn after killAll ran on")
    }

    @Test func registryHoldsTheGroupOnlyWhileItRuns() throws {
        let registry = ProcessRegistry()
        let result = try ChildProcess.run(ProcessRequest(executable: "/bin/echo", environment: [:]), registry: registry)
        #expect(result.termination == .exited(0))
        #expect(registry.liveGroups.isEmpty)
    }

    // MARK: Signal names

    @Test func namesSignals() {
        #expect(SignalName.name(SIGSEGV) == "SIGSEGV")
        #expect(SignalName.name(SIGILL) == "SIGILL")
        #expect(SignalName.name(SIGTRAP) == "SIGTRAP")
        #expect(SignalName.name(SIGABRT) == "SIGABRT")
        #expect(SignalName.name(SIGKILL) == "SIGKILL")
        #expect(SignalName.name(SIGBUS) == "SIGBUS")
        #expect(SignalName.name(11) == "SIGSEGV")
        #expect(SignalName.name(4) == "SIGILL")
        #expect(SignalName.name(5) == "SIGTRAP")
        #expect(SignalName.name(6) == "SIGABRT")
        #expect(SignalName.name(200) == "signal 200")
    }
}

// MARK: - Helpers

private func run(_ executable: String, _ arguments: String..., timeout: Double? = nil) throws(ProcessError) -> ProcessResult {
    try ChildProcess.run(ProcessRequest(executable: executable, arguments: arguments, environment: [:], timeout: timeout))
}

private func text(_ bytes: [UInt8]) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// A run on its own thread, as LabRunner's callers do; `wait()` blocks until it is over.
/// Plain threads, not tasks: a blocked cooperative pool (2 threads here) must not stall it.
private final class ThreadedRun: @unchecked Sendable {
    // @unchecked: `outcome` is written once, before `done` is signalled, and read after waiting on it.
    private let done = DispatchSemaphore(value: 0)
    private var outcome: Result<ProcessResult, ProcessError>?

    init(_ request: ProcessRequest, registry: ProcessRegistry = .shared) {
        Thread.detachNewThread { [self] in
            do throws(ProcessError) {
                outcome = .success(try ChildProcess.run(request, registry: registry))
            } catch {
                outcome = .failure(error)
            }
            done.signal()
        }
    }

    func wait() -> Result<ProcessResult, ProcessError> {
        done.wait()
        done.signal()  // later waits return at once
        return outcome!
    }
}

/// Polls `condition` for up to two seconds (a SIGKILLed process takes a moment to die).
private func waitUntil(_ condition: () -> Bool) -> Bool {
    let end = ContinuousClock.now + .seconds(2)
    while ContinuousClock.now < end {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}

/// True if `pid` exists and is not a zombie. Zombies count as dead: in containers whose
/// init does not reap orphans, a killed grandchild stays a zombie indefinitely.
private func isRunning(_ pid: pid_t) -> Bool {
    guard kill(pid, 0) == 0 else { return errno != ESRCH }
    #if os(Linux)
    return procStat(pid)?.state != "Z"
    #else
    return true
    #endif
}

/// True if a non-zombie process of group `pgid` exists.
private func groupHasLiveMembers(_ pgid: pid_t) -> Bool {
    guard kill(-pgid, 0) == 0 else { return errno != ESRCH }
    #if os(Linux)
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { pid_t($0) }.contains { pid in
        guard let stat = procStat(pid) else { return false }
        return stat.pgrp == pgid && stat.state != "Z"
    }
    #else
    return true
    #endif
}

#if os(Linux)
/// State and process group from /proc/<pid>/stat ("pid (comm) S ppid pgrp …"; comm may hold spaces).
private func procStat(_ pid: pid_t) -> (state: Character, pgrp: pid_t)? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
          let close = stat.lastIndex(of: ")") else { return nil }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 2, let state = fields[0].first, let pgrp = pid_t(fields[2]) else { return nil }
    return (state, pgrp)
}
#endif

private func threadCPUSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1_000_000_000
}
