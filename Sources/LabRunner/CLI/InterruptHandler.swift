import Foundation

/// Ctrl-C and SIGTERM: stop every child process group, remove build folders and half-written
/// temporary files (the labs themselves are only ever replaced by rename), exit 130 or 143.
///
/// Children run in their own process groups (so a timeout can kill a lab with everything it
/// spawned), which also means the terminal's Ctrl-C does not reach them: we must forward it.
enum InterruptHandler {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    static func install() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                ProcessRegistry.shared.killAll()
                BuildDirectory.removeAllLive()
                AtomicFile.removePending()
                Console.write("\nlabrunner: interrupted\n", to: STDERR_FILENO)
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
