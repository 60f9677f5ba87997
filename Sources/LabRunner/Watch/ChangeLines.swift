import Foundation

/// What `labrunner watch` prints after a re-run: the file, its counts and the edit-to-verdict
/// time, then one line per `ReportChange` (a failure with its diff below it).
package enum ChangeLines {
    /// - Parameter seconds: from the file's write to the verdict, when known.
    package static func render(_ changes: [ReportChange], file: FileReport, seconds: Double?, style: Style) -> [String] {
        let verdict = file.verdictLine
        let timing = seconds.map { String(format: "  %.2fs from save to verdict", $0) } ?? ""
        var lines = [style.bold(file.path) + "  " + verdict + style.dim(timing)]
        if changes.isEmpty { lines.append("  " + style.dim("no change")) }
        for change in changes { lines += render(change, style: style) }
        return lines
    }

    static func render(_ change: ReportChange, style: Style) -> [String] {
        func scenario(_ name: String?) -> String { name.map { " in \($0)" } ?? "" }
        func diff(_ header: String?, _ lines: [String]) -> [String] {
            ((header.map { [$0] } ?? []) + lines).map { "        " + style.diffLine($0) }
        }
        switch change {
        case .nowPasses(let place, let name):
            return ["  " + style.green("now passes") + "  \(place)\(scenario(name))"]
        case .nowFails(let place, let name, let header, let lines):
            return ["  " + style.red("now fails") + "   \(place)\(scenario(name))"] + diff(header, lines)
        case .failsDifferently(let place, let name, let header, let lines):
            return ["  " + style.red("new diff") + "    \(place)\(scenario(name))"] + diff(header, lines)
        case .problem(let name, let message):
            return ["  " + style.red("scenario \(name)") + "  \(message)"]
        case .problemGone(let name):
            return ["  " + style.green("scenario \(name)") + "  ran to its end"]
        case .errorsAppeared(_, let errors):
            return errors.map { "  " + style.red("new error") + "   \($0)" }
        case .errorsGone(let part, let count):
            return ["  " + style.green("fixed") + "       \(count) error\(count == 1 ? "" : "s") in \(part)"]
        case .compiles(let part):
            return ["  " + style.green("compiles") + "    \(part)"]
        case .notALab(let message):
            return ["  " + style.red("not a lab") + "   \(message)"]
        case .labAgain:
            return ["  " + style.green("a lab again")]
        }
    }
}
