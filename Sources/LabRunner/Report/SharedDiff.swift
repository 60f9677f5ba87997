/// A diff that several scenarios share: the same cell, the same output block, the same lines.
/// `run`, `watch` and grading feedback print it once, its header naming the scenarios
/// (`lab.md:11: output differs in scenarios mock, empty, failing (- expected, + actual)`);
/// the JSON and JUnit reports keep one entry per scenario.
package struct SharedDiff: Sendable, Equatable {
    /// The scenarios that printed this diff, in the order they came.
    package private(set) var scenarios: [String]
    /// The header as the first scenario's report wrote it (`… in scenario mock …`).
    package let header: String
    package let diff: [String]

    /// The header naming every scenario that shares the diff.
    package var namedHeader: String { Self.header(header, scenario: scenarios[0], naming: scenarios) }

    /// Whether `scenario`'s diff with `header` is this one.
    package func contains(scenario: String, header: String, diff: [String]) -> Bool {
        scenarios.contains(scenario) && diff == self.diff
            && Self.unnamed(header, scenario: scenario) == Self.unnamed(self.header, scenario: scenarios[0])
    }

    /// Diffs grouped, in the order of their first scenario: two are one when their lines are
    /// equal and so are their headers, apart from the scenario each names.
    package static func group(_ items: [(scenario: String, header: String, diff: [String])]) -> [SharedDiff] {
        var groups: [SharedDiff] = []
        for item in items {
            let key = unnamed(item.header, scenario: item.scenario)
            if let index = groups.firstIndex(where: { $0.diff == item.diff && unnamed($0.header, scenario: $0.scenarios[0]) == key }) {
                if !groups[index].scenarios.contains(item.scenario) { groups[index].scenarios.append(item.scenario) }
            } else {
                groups.append(SharedDiff(scenarios: [item.scenario], header: item.header, diff: item.diff))
            }
        }
        return groups
    }

    /// The diffs of a program's scenarios that more than one scenario printed.
    package static func shared(by scenarios: [ScenarioReport]) -> [SharedDiff] {
        group(scenarios.flatMap { scenario in
            (scenario.run?.mismatches ?? []).map { (scenario: scenario.name, header: $0.header, diff: $0.diff) }
        }).filter { $0.scenarios.count > 1 }
    }

    /// `header` (which names `scenario` as `scenario X`) naming `names` instead: `scenarios a, b`.
    /// A header that does not name the scenario is kept.
    package static func header(_ header: String, scenario: String, naming names: [String]) -> String {
        guard names != [scenario], let range = place(of: scenario, in: header) else { return header }
        let words = names.count == 1 ? "scenario " : "scenarios "
        return header.replacingCharacters(in: range, with: words + names.joined(separator: ", "))
    }

    /// The header with its scenario's name set aside, to compare headers of different scenarios.
    private static func unnamed(_ header: String, scenario: String) -> String {
        guard let range = place(of: scenario, in: header) else { return header }
        return header.replacingCharacters(in: range, with: "scenario \u{0}")
    }

    /// The last `scenario NAME` in `header` where the name ends (not `scenario mock` in
    /// `scenario mock-2`: a name is letters, digits, `_` and `-`).
    private static func place(of scenario: String, in header: String) -> Range<String.Index>? {
        var end = header.endIndex
        while let range = header.range(of: "scenario " + scenario, options: .backwards, range: header.startIndex..<end) {
            let next = range.upperBound == header.endIndex ? nil : header[range.upperBound]
            if !(next.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } ?? false) { return range }
            end = range.upperBound == header.startIndex ? header.startIndex : header.index(before: range.upperBound)
        }
        return nil
    }
}
