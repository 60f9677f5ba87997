import Foundation

/// The tool's own standard output and standard error: whole texts, unbuffered (so reports stream
/// as labs finish), retried after EINTR, and silenced for good once an interrupt is being handled.
/// A write that meets EPIPE (`labrunner run … | head -1`; SIGPIPE is ignored) ends the process as
/// the signal would have, through `InterruptHandler.outputClosed`.
package enum Console {
    package static func out(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        write(lines.joined(separator: "\n") + "\n", to: STDOUT_FILENO)
    }

    package static func out(_ line: String) { out([line]) }

    /// `labrunner: error: …` on stderr.
    package static func error(_ message: String) {
        write("labrunner: error: \(message)\n", to: STDERR_FILENO)
    }

    /// Lines that already say where and what (`path:line:col: error: …`), on stderr.
    package static func diagnostic(_ lines: [String]) {
        write(lines.joined(separator: "\n") + "\n", to: STDERR_FILENO)
    }

    /// Set while an interrupted run shuts down: threads still finishing their labs would
    /// otherwise report the children the interrupt just killed as crashes.
    private static let silenced = LockedValue(false)

    package static func silence() { silenced.withLock { $0 = true } }

    /// Writes all of `text`; false when the descriptor refused (errno says why) or output is silenced.
    @discardableResult
    package static func write(_ text: String, to descriptor: Int32) -> Bool {
        if silenced.withLock({ $0 }) { return false }
        return writeAlways(text, to: descriptor)
    }

    /// Writes even when silenced: the interrupt handler's own last words.
    @discardableResult
    package static func writeAlways(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { write(bytes: $0, to: descriptor, onClosed: InterruptHandler.outputClosed) }
    }

    /// Writes all of `bytes`, again after EINTR; false when the descriptor refused (errno says
    /// why), after calling `onClosed` when that was EPIPE.
    static func write(bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32, onClosed: () -> Void) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { onClosed() }
                return false
            }
            offset += written
        }
        return true
    }
}
