import Foundation

/// How text from a run (stderr, output, swiftc's messages) is cut down for a report, and the
/// words for how a run went wrong: shared by every part of the report model.
enum ReportText {
    /// Lines of stderr (and of a timed-out cell's output) a report quotes.
    static let tailLines = 10
    /// Characters a quoted line keeps; the rest is cut, said with a trailing "…".
    static let maxLineLength = 240

    /// The last `count` lines of `text`, each at most `maxLineLength` characters: a lab that
    /// wrote a megabyte without a newline must not put a megabyte into the report.
    static func tail(of text: String, count: Int = tailLines) -> [String] {
        // Only the end matters; splitting all of a large output into lines would be wasted work.
        let window = text.suffix(count * (maxLineLength + 2))
        var lines = window.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        if window.startIndex != text.startIndex, let first = lines.first {
            lines[0] = "…" + first  // the window began inside this line
        }
        return lines.suffix(count).map { line in
            line.count > maxLineLength ? String(line.prefix(maxLineLength)) + "…" : line
        }
    }

    /// `text` as lines, without the empty one after a final newline.
    static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Drops the runtime's stack frames (addresses mean nothing to a student) and the module
    /// prefix of `#fileID`, so a crash shows `lab.md:18: Fatal error: …` and what came before.
    static func withoutStackFrames(_ stderr: String, lab: Lab) -> String {
        var kept: [Substring] = []
        // `#fileID` is the module and the file name, escaped as swiftc keeps it; swiftc 6.3 drops
        // the folders of a `#sourceLocation` path, so both spellings are recognised.
        let reported = ProgramGenerator.reportedFileName(of: lab.path)
        let fileIDs = Set(["main/" + reported + ":", "main/" + (reported.split(separator: "/").last.map(String.init) ?? "") + ":"])
        for line in stderr.split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "Current stack trace:" { continue }
            let words = line.split(separator: " ", maxSplits: 3)
            if words.count >= 3, Int(words[0]) != nil, words[2].hasPrefix("0x") { continue }
            if let fileID = fileIDs.first(where: line.hasPrefix) {
                kept.append(Substring(lab.path + ":" + line.dropFirst(fileID.count)))
                continue
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }

    /// `0.25s`, or whole seconds from 10 on.
    static func seconds(_ value: Double) -> String {
        value >= 10 ? "\(Int(value.rounded()))s" : String(format: "%.2fs", value)
    }

    /// The problem in words, without the place: `crashed: SIGILL (…)`.
    static func summary(_ problem: ScenarioVerdict.Problem, lab: Lab) -> String {
        switch problem {
        case .exitStatus(let status):
            return "exited with status \(status)"
        case .signal(let signal):
            return "crashed: \(SignalName.name(signal))" + signalHint(signal)
        case .timedOut(let seconds):
            return "timed out after \(Self.seconds(seconds))"
        case .outputLimit(let bytes):
            return "stopped: printed more than \(bytes) bytes"
        case .stoppedEarly(let notRun):
            let cells = notRun.compactMap { index in lab.cells.first { $0.index == index } }
            let hidden = cells.filter(lab.conceals).map { lab.checkName(cellIndex: $0.index) }
            let lines = cells.filter { !lab.conceals($0) }.map { String($0.line) }
            let named = (lines.isEmpty ? [] : ["the cells at lines \(lines.joined(separator: ", "))"]) + hidden
            return "exited before running \(named.joined(separator: " and "))"
        case .launchFailed(let message):
            return "could not start: \(message)"
        case .tampered(let what):
            return "stopped: the program wrote cell markers out of order (\(what)), so its output cannot be attributed to cells"
        }
    }

    /// A short, stable name for the kind of problem: what JUnit's `type` and JSON's `kind` say.
    static func kind(_ problem: ScenarioVerdict.Problem) -> String {
        switch problem {
        case .exitStatus: "exit-status"
        case .signal: "crash"
        case .timedOut: "timeout"
        case .outputLimit: "output-limit"
        case .stoppedEarly: "stopped-early"
        case .launchFailed: "launch-failed"
        case .tampered: "tampered"
        }
    }

    private static func signalHint(_ signal: Int32) -> String {
        switch SignalName.name(signal) {
        case "SIGILL", "SIGTRAP": " (a Swift runtime trap: fatalError, force unwrap of nil, index out of range…)"
        case "SIGSEGV", "SIGBUS": " (invalid memory access)"
        case "SIGABRT": " (abort)"
        case "SIGKILL": " (killed: by the lab itself, another process, or the system when out of memory)"
        default: ""
        }
    }
}
