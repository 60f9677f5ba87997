#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Runs one child process to completion: spawn, capture both streams, enforce the timeout and
/// the output limit, and leave nothing behind.
///
/// Guarantees, on every path out of `run` after a successful spawn:
/// - the child's whole process group has been sent SIGKILL (only leftovers, e.g. a background
///   grandchild, if the child had already exited on its own), so no member outlives the run;
/// - the child has been reaped (no zombie of ours remains);
/// - all pipe fds are closed.
///
/// Foundation's `Process` is not used: it cannot put the child in its own process group, and we
/// need exact control over fds, signals and reaping.
enum ChildProcess {
    /// How often, at most, we look for the child's exit while its pipes stay open (a grandchild
    /// may hold them) or after they closed. Short enough to return promptly, long enough to keep
    /// the CPU idle while a child sleeps.
    static let exitCheckInterval = 0.05
    /// After killing the group, how long we keep reading for output still in the pipes. EOF comes
    /// at once unless a process escaped the group (setsid) and still holds a pipe.
    static let drainGrace = 1.0

    /// Runs to completion, blocking the calling thread (callers run several at once on their own
    /// threads). `registry` is where the live group is recorded (tests pass their own); `retry`
    /// says how a spawn that met ETXTBSY is tried again.
    static func run(_ request: ProcessRequest, registry: ProcessRegistry = .shared,
                    retry: TextBusyRetry = .standard) throws(ProcessError) -> ProcessResult {
        registry.prepareToSpawn()
        let start = ProcessPlatform.now()
        let child = try ChildSpawner.spawn(request, retry: retry)
        let pgid = child.pid  // leader of its own group
        if !registry.register(pgid) {
            // killAll() already ran (LabRunner is shutting down): this child must not live.
            ProcessPlatform.killGroup(pgid)
        }

        let watch = ChildExitWatch(pid: child.pid)
        var streams = [
            ChildOutputStream(fd: child.stdout, limit: request.outputLimit),
            ChildOutputStream(fd: child.stderr, limit: request.outputLimit),
        ]
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)
        defer { scratch.deallocate() }

        let deadline = request.timeout.map { start + $0 }
        var stoppedBy = collect(&streams, until: deadline, watching: watch, observer: request.observer, scratch: scratch)

        // Kill before reaping: the leader is still (at worst) a zombie, so pgid is still ours.
        ProcessPlatform.killGroup(pgid)
        drain(&streams, until: ProcessPlatform.now() + drainGrace, observer: request.observer, scratch: scratch)
        if stoppedBy == nil, streams.contains(where: \.overflowed) {
            stoppedBy = .outputLimitExceeded  // the output is truncated; say so
        }
        for index in streams.indices { streams[index].close() }

        // Unregister before reaping, so killAll() cannot signal a pgid that may be reused.
        registry.unregister(pgid)
        let status = ProcessPlatform.reap(child.pid)
        let termination = stoppedBy
            // Reaped by someone else (SIGCHLD ignored): the status is lost; -1 is not a real one.
            ?? status.map(ProcessPlatform.termination(fromWaitStatus:)) ?? .exited(-1)

        return ProcessResult(stdout: streams[0].bytes, stderr: streams[1].bytes,
                             termination: termination, duration: ProcessPlatform.now() - start)
    }

    /// Reads both streams until the child exits, the deadline passes or a stream overflows.
    /// Returns why *we* stopped it, or nil if the child exited by itself.
    ///
    /// The child's exit, not EOF, ends the loop: a grandchild may hold the pipes open long after
    /// the child is gone, and a child may close its pipes and keep running.
    private static func collect(_ streams: inout [ChildOutputStream], until deadline: Double?,
                                watching watch: ChildExitWatch, observer: ProcessObserver?,
                                scratch: UnsafeMutableRawBufferPointer) -> ProcessTermination? {
        // Once both pipes are closed the exit is usually microseconds away: start with short
        // naps, backing off to the normal interval, so short runs do not each pay 50 ms.
        var nap = 0.001
        while true {
            if watch.hasExited() { return nil }
            let now = ProcessPlatform.now()
            if let deadline, now >= deadline { return .timedOut }
            // Stopped by its observer: killed like a timeout, reported as the SIGKILL it is.
            if observer?.isStopped == true { return .signaled(SIGKILL) }
            let wait = min(exitCheckInterval, (deadline ?? .infinity) - now)

            if streams.contains(where: \.isOpen) {
                pollAndRead(&streams, seconds: wait, observer: observer, scratch: scratch)
                if streams.contains(where: \.overflowed) { return .outputLimitExceeded }
            } else {
                var none: [pollfd] = []
                ProcessPlatform.poll(&none, seconds: min(nap, wait))
                nap = min(nap * 2, exitCheckInterval)
            }
        }
    }

    /// After the group was killed: read what is still buffered, until EOF on both or `until`.
    private static func drain(_ streams: inout [ChildOutputStream], until end: Double, observer: ProcessObserver?,
                              scratch: UnsafeMutableRawBufferPointer) {
        while streams.contains(where: \.isOpen) {
            let remaining = end - ProcessPlatform.now()
            if remaining <= 0 { return }
            pollAndRead(&streams, seconds: remaining, observer: observer, scratch: scratch)
        }
    }

    /// Waits up to `seconds` for any open stream to be readable (or hung up), then reads once
    /// from each ready one.
    private static func pollAndRead(_ streams: inout [ChildOutputStream], seconds: Double, observer: ProcessObserver?,
                                    scratch: UnsafeMutableRawBufferPointer) {
        let open = streams.indices.filter { streams[$0].isOpen }
        var fds = open.map { pollfd(fd: streams[$0].fd, events: Int16(POLLIN), revents: 0) }
        guard ProcessPlatform.poll(&fds, seconds: seconds) > 0 else { return }
        for (slot, index) in open.enumerated() where fds[slot].revents != 0 {
            if fds[slot].revents & Int16(POLLNVAL) != 0 {
                streams[index].close()  // cannot happen with fds we own; never spin on it
            } else {
                // POLLIN, POLLHUP or POLLERR: read returns data, 0 at EOF, or an error.
                let before = streams[index].bytes.count
                streams[index].readOnce(using: scratch)
                if let observer, streams[index].bytes.count > before {
                    observer.output(Int32(index + 1), streams[index].bytes[before...])
                }
            }
        }
    }
}
