/// GitHub Actions workflow commands that put the failures on the lab's lines in a pull request:
/// `::error file=…,line=…,col=…,title=…::message`, and `::warning …` for compiler warnings.
///
/// Per lab, in order: the input error of an invalid lab; compiler warnings; compile errors (their
/// notes appended to the message); a tool failure; then per scenario the crash, timeout or other
/// problem (at the line of the cell that was running) and each output mismatch (at the output
/// block's line, or the cell's when it has none, with the first lines of the diff).
package enum GitHubAnnotations {
    /// Diff lines an annotation quotes before saying how many more there are.
    static let diffLines = 10

    package static func lines(_ outcomes: [LabOutcome]) -> [String] {
        outcomes.flatMap(lines)
    }

    private static func lines(_ outcome: LabOutcome) -> [String] {
        var out: [String] = []
        let path = outcome.path
        out += diagnostics(outcome.warnings, path: path, title: "compiler warning")
        switch outcome.status {
        case .invalid(let error):
            out.append(command("error", file: ReportFacts.path(of: error, fallback: path),
                               line: error.location?.line, column: error.location?.column,
                               title: "invalid lab", message: error.message))
        case .nothingToRun:
            break
        case .toolFailed(let message):
            out.append(command("error", file: path, title: "labrunner could not run the lab", message: message))
        case .compileFailed(let errors, _):
            out += diagnostics(errors, path: path, title: "compile error")
        case .compiledOnly:
            break
        case .missingModules(let modules):
            out.append(command("warning", file: path, line: modules.first?.cellLines.first, title: "lab skipped",
                               message: ReportFacts.missingModulesSummary(modules)))
        case .checked(let check):
            guard !check.passed else { break }
            if case .rejected(let errors) = check.problem { out += diagnostics(errors, path: path, title: "compile error") }
            let line = check.comparison?.isMatch == false ? check.cell.expectedDiagnostics?.openingLine : check.cell.line
            let diff = Array((check.comparison?.diff.renderedLines() ?? []).prefix(diffLines))
            out.append(command("error", file: path, line: line ?? check.cell.line, title: "compile check failed",
                               message: ([ReportFacts.checkSummary(check)] + diff).joined(separator: "\n")))
        case .ran(let verdicts):
            guard let lab = outcome.lab else { break }
            for verdict in verdicts {
                if let problem = verdict.problem { out.append(annotation(problem, verdict: verdict, lab: lab)) }
                for mismatch in verdict.mismatches { out.append(annotation(mismatch, scenario: verdict.scenario, lab: lab)) }
            }
        }
        return out
    }

    /// One command per error or warning; notes and remarks join the message of the one before them.
    private static func diagnostics(_ diagnostics: [Diagnostic], path: String, title: String) -> [String] {
        var groups: [(head: Diagnostic, notes: [String])] = []
        for diagnostic in diagnostics {
            if diagnostic.severity == .note || diagnostic.severity == .remark, !groups.isEmpty {
                groups[groups.count - 1].notes.append(ReportFacts.line(diagnostic))
            } else {
                groups.append((diagnostic, []))
            }
        }
        return groups.map { head, notes in
            let kind = head.severity == .warning ? "warning" : head.severity == .error ? "error" : "notice"
            let origin = head.inPrelude ? " (in the labrunner prelude)" : ""
            return command(kind, file: head.location?.path ?? path, line: head.location?.line, column: head.location?.column,
                           title: title, message: ([head.message + origin] + notes).joined(separator: "\n"))
        }
    }

    private static func annotation(_ problem: ScenarioVerdict.Problem, verdict: ScenarioVerdict, lab: Lab) -> String {
        let scenario = verdict.scenario
        let title: String
        switch problem {
        case .exitStatus(let status): title = "exited with status \(status) in scenario \(scenario)"
        case .signal: title = "crashed in scenario \(scenario)"
        case .timedOut: title = "timed out in scenario \(scenario)"
        case .outputLimit: title = "too much output in scenario \(scenario)"
        case .stoppedEarly: title = "stopped early in scenario \(scenario)"
        case .launchFailed: title = "could not start scenario \(scenario)"
        }
        var message = [ReportFacts.summary(problem, lab: lab) + (problem.isTimeout ? "; output so far:" : "")]
        if problem.isTimeout { message += ReportFacts.outputSoFar(verdict).map { "  " + $0 } }
        let stderr = ReportFacts.stderrTail(verdict, lab: lab)
        if !stderr.isEmpty { message += ["stderr:"] + stderr.map { "  " + $0 } }
        return command("error", file: lab.path, line: verdict.lastCell?.line, title: title, message: message.joined(separator: "\n"))
    }

    private static func annotation(_ mismatch: ScenarioVerdict.Mismatch, scenario: String, lab: Lab) -> String {
        let title = mismatch.expected == nil
            ? "output without an output block in scenario \(scenario)"
            : "output differs in scenario \(scenario)"
        let diff = mismatch.comparison.diff.renderedLines()
        var message = Array(diff.prefix(diffLines))
        if diff.count > diffLines { message.append("… \(diff.count - diffLines) more diff lines") }
        return command("error", file: lab.path, line: mismatch.expected?.line ?? mismatch.cell.line,
                       title: title, message: message.joined(separator: "\n"))
    }

    /// `::kind file=…,line=…,col=…,title=…::message`, leaving out properties that are not known.
    static func command(_ kind: String, file: String, line: Int? = nil, column: Int? = nil, title: String, message: String) -> String {
        var properties = ["file=" + escapeProperty(file)]
        if let line { properties.append("line=\(line)") }
        if line != nil, let column { properties.append("col=\(column)") }
        properties.append("title=" + escapeProperty(title))
        return "::\(kind) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    /// A message: `%`, carriage return and line feed percent-encoded, as the Actions runner decodes them.
    static func escapeData(_ text: String) -> String {
        escape(text, extra: [:])
    }

    /// A property value: as a message, and `:` and `,` too, which would end the property.
    static func escapeProperty(_ text: String) -> String {
        escape(text, extra: [":": "%3A", ",": "%2C"])
    }

    private static func escape(_ text: String, extra: [Unicode.Scalar: String]) -> String {
        var out = String.UnicodeScalarView()
        // Scalars, not Characters: "\r\n" is one Character but two escapes.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out.append(contentsOf: "%25".unicodeScalars)
            case "\r": out.append(contentsOf: "%0D".unicodeScalars)
            case "\n": out.append(contentsOf: "%0A".unicodeScalars)
            default:
                if let replacement = extra[scalar] { out.append(contentsOf: replacement.unicodeScalars) } else { out.append(scalar) }
            }
        }
        return String(out)
    }
}
