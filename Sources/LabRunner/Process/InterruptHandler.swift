import Foundation

/// Ctrl-C, SIGTERM and every other terminating signal the tool can catch (a closed terminal's
/// SIGHUP, SIGQUIT, SIGUSR1, SIGALRM…; SIGPIPE arrives as EPIPE from `Console`): stop the work
/// under way (the caller's `interrupted`: every child process group killed, build folders and
/// half-written temporary files removed; the labs themselves are only ever replaced by rename),
/// exit 128 + the signal. What cannot be caught (SIGKILL, a crash) is the `ProcessSupervisor`'s
/// to clean up.
///
/// Children run in their own process groups (so a timeout can kill a lab with everything it
/// spawned), which also means the terminal's Ctrl-C does not reach them: we must forward it.
package enum InterruptHandler {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    /// Set by the first signal; a second one (Ctrl-C pressed twice) finds the work under way.
    private static let interrupted = LockedValue(false)
    /// What stops the work on a signal, and at a normal end: `install`'s arguments.
    private static let stopping = LockedValue<(interrupted: @Sendable () -> Void, finished: @Sendable () -> Void)>(({}, {}))

    /// Signals whose default action ends the process, less the ones that report a fault of the
    /// tool itself (SIGSEGV…) and the resource limits (SIGXCPU, SIGXFSZ), which stay deadly.
    package static let terminating = [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGTERM, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF]

    /// Catches the `terminating` signals and starts the `ProcessSupervisor`. `interrupted` runs on
    /// the first signal, with the console silenced; `finished` before a normal `exit`.
    package static func install(interrupted: @escaping @Sendable () -> Void, finished: @escaping @Sendable () -> Void) {
        stopping.withLock { $0 = (interrupted, finished) }
        for signalNumber in terminating {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler { shutDown(exitStatus: 128 + signalNumber) }
            source.resume()
            sources.append(source)
        }
        let environment = ProcessInfo.processInfo.environment
        ProcessRegistry.shared.supervise { ProcessSupervisor.start(environment: environment) }
    }

    /// Makes `signalNumber` run `handler` instead of stopping the tool: the Jupyter kernel's
    /// SIGINT interrupts the running cell, as a frontend's interrupt button expects.
    package static func redirect(_ signalNumber: Int32, to handler: @escaping @Sendable () -> Void) {
        for source in sources where source.handle == UInt(signalNumber) { source.setEventHandler(handler: handler) }
    }

    /// A write to stdout or stderr failed with EPIPE (`labrunner run … | head -1`): with SIGPIPE
    /// ignored, this is how the signal arrives.
    package static func outputClosed() {
        shutDown(exitStatus: 128 + SIGPIPE)
    }

    /// Silences the console first: threads still finishing their labs would otherwise report
    /// the children about to be killed as crashes.
    private static func shutDown(exitStatus: Int32) {
        let first = interrupted.withLock { already in
            defer { already = true }
            return !already
        }
        guard first else { return }
        Console.silence()
        stopping.withLock { $0 }.interrupted()
        Console.writeAlways("\nlabrunner: interrupted\n", to: STDERR_FILENO)
        // _exit, not exit: other threads are still running, and atexit handlers and static
        // destructors racing with them could crash and turn 130 into a signal death.
        _exit(exitStatus)
    }

    /// Ends the process with `status`, unless an interrupt is being handled: then waits for the
    /// handler to finish cleaning up and exit with its own status.
    package static func exit(_ status: Int32) -> Never {
        if interrupted.withLock({ $0 }) {
            while true { pause() }
        }
        stopping.withLock { $0 }.finished()
        Foundation.exit(status)
    }
}
