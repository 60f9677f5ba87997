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
        for (change, others) in merged(changes) { lines += render(change, style: style, alsoIn: others) }
        return lines
    }

    /// Changes alike but for their scenario, merged into the first: each with the scenarios that
    /// follow its own (a cell now failing with the same diff in mock, empty and failing is one
    /// change, printed once, naming the three).
    static func merged(_ changes: [ReportChange]) -> [(change: ReportChange, alsoIn: [String])] {
        var merged: [(change: ReportChange, alsoIn: [String])] = []
        for change in changes {
            if let index = merged.firstIndex(where: { alike($0.change, change) }), let name = change.scenario {
                merged[index].alsoIn.append(name)
            } else {
                merged.append((change, []))
            }
        }
        return merged
    }

    /// The same change of the same cell, with the same diff, in two different scenarios.
    private static func alike(_ a: ReportChange, _ b: ReportChange) -> Bool {
        guard let first = a.scenario, let second = b.scenario, first != second else { return false }
        switch (a, b) {
        case (.nowPasses(let place, _), .nowPasses(let other, _)):
            return place == other
        case (.nowFails(let place, _, let header, let diff), .nowFails(let otherPlace, _, let otherHeader, let otherDiff)),
             (.failsDifferently(let place, _, let header, let diff), .failsDifferently(let otherPlace, _, let otherHeader, let otherDiff)):
            guard place == otherPlace else { return false }
            let items = [(scenario: first, header: header ?? "", diff: diff), (scenario: second, header: otherHeader ?? "", diff: otherDiff)]
            return SharedDiff.group(items).count == 1
        default:
            return false
        }
    }

    static func render(_ change: ReportChange, style: Style, alsoIn others: [String] = []) -> [String] {
        func scenario(_ name: String?) -> String { name.map { " in " + ([$0] + others).joined(separator: ", ") } ?? "" }
        func diff(_ header: String?, _ lines: [String]) -> [String] {
            let named = header.map { header in change.scenario.map { SharedDiff.header(header, scenario: $0, naming: [$0] + others) } ?? header }
            return ((named.map { [$0] } ?? []) + lines).map { "        " + style.diffLine($0) }
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

extension ReportChange {
    /// The scenario a cell's change is in; nil for other changes.
    var scenario: String? {
        switch self {
        case .nowPasses(_, let scenario), .nowFails(_, let scenario, _, _), .failsDifferently(_, let scenario, _, _): scenario
        case .problem, .problemGone, .errorsAppeared, .errorsGone, .compiles, .notALab, .labAgain: nil
        }
    }
}
