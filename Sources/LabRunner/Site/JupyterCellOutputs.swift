/// What a notebook's code cell shows under it, from the run's results for the cell at `line`:
/// what it printed as `stdout` streams (one when every scenario that ran it printed the same,
/// else one per different output, headed `── mock, empty ──` by the scenarios that printed it),
/// its compile errors and a crash or timeout in it as `error` outputs, and what each scenario
/// made of it in the cell's `labrunner` metadata. Never HTML: a lab's output is shown as text.
struct JupyterCellOutputs {
    private(set) var outputs: [NotebookJSON] = []
    private(set) var metadata: NotebookJSON = .null
    /// Whether some scenario ran the cell: then it has an execution count.
    private(set) var ran = false

    init(line: Int, lines: ClosedRange<Int>, results: NotebookResults) {
        var facts: [String: NotebookJSON] = ["line": .int(line)]
        let diagnostics = results.diagnostics(in: lines)
        if let error = diagnostics.first(where: { $0.severity == "error" }) {
            outputs.append(Self.error(name: "CompileError", value: error.message,
                                      traceback: diagnostics.flatMap { [$0.line] + ($0.excerpt?.lines(style: .plain) ?? []) }))
        }
        if let skipped = results.skipped[line] { facts["skipped"] = .string(skipped.message) }
        if let check = results.checks[line] {
            facts["check"] = .object(["status": .string(check.status.rawValue), "summary": .string(check.summary)])
        }
        // A compile_fail or no_run cell has no scenario views (`NotebookResults`): its check is its
        // only verdict.
        let views = results.scenarios[line] ?? []
        if !views.isEmpty {
            facts["scenarios"] = .object(Dictionary(views.map { ($0.scenario.name, NotebookJSON.string($0.cell.status.rawValue)) },
                                                    uniquingKeysWith: { first, _ in first }))
        }
        outputs += Self.streams(views)
        outputs += Self.problems(views, line: line)
        ran = views.contains { $0.cell.actual != nil }
        metadata = .object(facts)
    }

    /// What the scenarios that ran the cell printed.
    private static func streams(_ views: [NotebookResults.ScenarioCell]) -> [NotebookJSON] {
        var groups: [(names: [String], text: String)] = []
        for view in views {
            guard let actual = view.cell.actual else { continue }
            if let index = groups.firstIndex(where: { $0.text == actual }) {
                groups[index].names.append(view.scenario.name)
            } else {
                groups.append(([view.scenario.name], actual))
            }
        }
        if groups.count == 1 { return groups[0].text.isEmpty ? [] : [stream(groups[0].text)] }
        // Frontends join consecutive streams into one block: each heading keeps its output apart.
        return groups.map { group in
            // Scalars, not Characters: "\r\n" is one Character, which `hasSuffix("\n")` does not match.
            let text = group.text.isEmpty || group.text.unicodeScalars.last == "\n" ? group.text : group.text + "\n"
            return stream("── \(group.names.joined(separator: ", ")) ──\n" + text)
        }
    }

    /// A crash, timeout or other end of the program in this cell, once per different message.
    private static func problems(_ views: [NotebookResults.ScenarioCell], line: Int) -> [NotebookJSON] {
        var groups: [(names: [String], problem: ProblemReport, stderr: [String])] = []
        for view in views {
            guard let run = view.scenario.run, let problem = run.problem, problem.cellLine == line else { continue }
            if let index = groups.firstIndex(where: { $0.problem.summary == problem.summary }) {
                groups[index].names.append(view.scenario.name)
            } else {
                groups.append(([view.scenario.name], problem, run.stderrTail))
            }
        }
        return groups.map { group in
            let scenarios = group.names.count == 1 ? "scenario" : "scenarios"
            return error(name: group.problem.kind, value: "\(group.problem.summary) in \(scenarios) \(group.names.joined(separator: ", "))",
                         traceback: group.stderr)
        }
    }

    private static func stream(_ text: String) -> NotebookJSON {
        .object(["name": .string("stdout"), "output_type": .string("stream"), "text": NotebookJSON.lines(text)])
    }

    private static func error(name: String, value: String, traceback: [String]) -> NotebookJSON {
        .object([
            "ename": .string(name), "evalue": .string(value), "output_type": .string("error"),
            "traceback": .array(traceback.map(NotebookJSON.string)),
        ])
    }
}
