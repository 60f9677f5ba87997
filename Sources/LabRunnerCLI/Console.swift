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
}

extension DocumentFile {
    /// Reads and parses one lab for a command that needs it whole; an input error is printed as
    /// `path:line:col: error: …` with the offending line, and gives nil.
    static func loadReportingErrors(_ path: String, bareLanguage: String? = nil, kind: DocumentKind? = nil) -> Lab? {
        loadReportingErrors(path, bareLanguage: bareLanguage, kind: kind) { lab throws(LabError) in lab }
    }

    /// `loadReportingErrors`, then `make` from the lab: an input error `make` finds (a guide's
    /// directive naming no sample) is printed the same way.
    static func loadReportingErrors<T>(_ path: String, bareLanguage: String? = nil, kind: DocumentKind? = nil,
                                       _ make: (Lab) throws(LabError) -> T) -> T? {
        let bytes: [UInt8]
        do {
            bytes = try DocumentFile.read(path)
        } catch {
            Console.diagnostic([TerminalReport(style: .plain).inputError(error)])
            return nil
        }
        do throws(LabError) {
            // The file's `.labrunner` applies here as in a run.
            let config = try TreeConfigStep.search().config(for: path)
            return try make(LabParser.parse(bytes: bytes, path: path, bareLanguage: bareLanguage, kind: kind, config: config))
        } catch {
            let shown = error.location.path == path ? bytes : (try? DocumentFile.read(error.location.path)) ?? []
            Console.diagnostic(TerminalReport(style: .plain).inputError(error, excerpt: Excerpt(error.location, bytes: shown)))
            return nil
        }
    }
}
