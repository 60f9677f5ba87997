import Foundation
import LabRunner

/// Where the tool writes: whole lines, unbuffered, so reports stream as labs finish.
enum Console {
    static func out(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        write(lines.joined(separator: "\n") + "\n", to: STDOUT_FILENO)
    }

    static func out(_ line: String) { out([line]) }

    /// `labrunner: error: …` on stderr.
    static func error(_ message: String) {
        write("labrunner: error: \(message)\n", to: STDERR_FILENO)
    }

    /// Lines that already say where and what (`path:line:col: error: …`), on stderr.
    static func diagnostic(_ lines: [String]) {
        write(lines.joined(separator: "\n") + "\n", to: STDERR_FILENO)
    }

    /// Set while an interrupted run shuts down: threads still finishing their labs would
    /// otherwise report the children the interrupt just killed as crashes.
    private static let silenced = LockedValue(false)

    static func silence() { silenced.withLock { $0 = true } }

    /// Writes all of `text`; false when the descriptor refused (errno says why) or output is silenced.
    @discardableResult
    static func write(_ text: String, to descriptor: Int32) -> Bool {
        if silenced.withLock({ $0 }) { return false }
        return writeAlways(text, to: descriptor)
    }

    /// Writes even when silenced: the interrupt handler's own last words.
    @discardableResult
    static func writeAlways(_ text: String, to descriptor: Int32) -> Bool {
        var text = text
        return text.withUTF8 { write(bytes: $0, to: descriptor) }
    }

    static func write(bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBufferPointer { write(bytes: $0, to: descriptor) }
    }

    private static func write(bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EPIPE { InterruptHandler.outputClosed() }
                return false
            }
            offset += written
        }
        return true
    }
}

/// Exit statuses, as documented in `labrunner run --help`.
enum ExitStatus {
    static let success: Int32 = 0
    static let failed: Int32 = 1
    static let usage: Int32 = 2

    /// The status of a session that ended so.
    static func of(_ end: SessionEnd) -> Int32 {
        switch end {
        case .passed: success
        case .failed: failed
        case .notChecked: usage
        }
    }
}
