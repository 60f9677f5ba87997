/// GitHub Actions workflow commands that put the failures on the lab's lines in a pull request:
/// `::error file=…,line=…,col=…,title=…::message`, and `::warning …` for compiler warnings.
///
/// Per file, in order: the input error of a file that is not a lab; per part, compiler warnings,
/// compile errors (their notes appended to the message), a tool failure, a failed compile check,
/// then per failed scenario the crash, timeout or other problem (at the line of the cell that was
/// running) and each output mismatch (at the output block's line, or the cell's when it has none,
/// with the first lines of the diff).
package enum GitHubAnnotations {
    /// Diff lines an annotation quotes before saying how many more there are.
    static let diffLines = 10

    package static func lines(_ run: RunReport) -> [String] {
        run.files.flatMap(lines)
    }

    private static func lines(_ file: FileReport) -> [String] {
        switch file.content {
        case .unreadable(let error):
            return [command("error", file: error.path, title: "invalid lab", message: error.message)]
        case .invalid(let error, _):
            return [command("error", file: error.location.path, line: error.location.line, column: error.location.column,
                            title: "invalid lab", message: error.message)]
        case .lab(_, let parts, _):
            return parts.flatMap(lines)
        case .guide(let guide, _):
            return lines(guide, path: file.path)
        }
    }

    /// A guide: each failed sample's errors (or its output diff), and a compiler crash as a
    /// warning, at the sample's line.
    private static func lines(_ guide: GuideReport, path: String) -> [String] {
        if let failure = guide.toolFailure {
            return [command("error", file: path, title: "labrunner could not check the guide", message: failure.text)]
        }
        var out: [String] = []
        for sample in guide.samples {
            switch sample.status {
            case .failed:
                if let run = sample.run?.run {
                    if let problem = run.problem { out.append(annotation(problem, run: run, scenario: sample.run?.name ?? "", path: path)) }
                    for mismatch in run.mismatches { out.append(annotation(mismatch, scenario: sample.run?.name ?? "", path: path)) }
                } else if sample.errors.isEmpty {
                    out.append(command("error", file: path, line: sample.line, title: "sample failed", message: sample.reason ?? "did not compile"))
                } else {
                    out += diagnostics(sample.errors, path: path, title: "compile error in the sample at line \(sample.line)")
                }
            case .compilerCrash:
                out.append(command("warning", file: path, line: sample.line, title: "compiler crash",
                                   message: "swiftc crashed on this sample (not the sample's fault): " + (sample.reason ?? "")))
            case .passed, .listing, .skipped:
                break
            }
        }
        if let reason = guide.nothingChecked {
            out.append(command("warning", file: path, title: "nothing checked", message: "no sample of this guide was checked: " + reason))
        }
        return out
    }

    private static func lines(_ part: PartReport) -> [String] {
        let path = part.path
        var out = diagnostics(part.warnings, path: path, title: "compiler warning")
        switch part.result {
        case .nothingToCompile, .compiledOnly:
            break
        case .toolFailed(let failure):
            out.append(command("error", file: path, title: "labrunner could not run the lab", message: failure.text))
        case .compileFailed(let failure):
            out += diagnostics(failure.diagnostics, path: path, title: "compile error")
        case .missingModules(let missing):
            out.append(command("warning", file: path, line: missing.line, title: "lab skipped", message: missing.message))
        case .checked(let check):
            guard check.status == .fail else { break }
            if case .rejected(let errors) = check.failure { out += diagnostics(errors, path: path, title: "compile error") }
            let line = check.diagnosticsDiff.isEmpty ? check.cellLine : check.expectedLine ?? check.cellLine
            let diff = Array(check.diagnosticsDiff.prefix(diffLines))
            out.append(command("error", file: path, line: line, title: "compile check failed",
                               message: ([check.summary] + diff).joined(separator: "\n")))
        case .ran:
            // A scenario `--update` fixed is not a failure to point at.
            for scenario in part.scenarios where scenario.status == .fail {
                guard let run = scenario.run else { continue }
                if let problem = run.problem { out.append(annotation(problem, run: run, scenario: scenario.name, path: path)) }
                for mismatch in run.mismatches { out.append(annotation(mismatch, scenario: scenario.name, path: path)) }
            }
        }
        for exercise in part.exercises where exercise.isFailure {
            out.append(command("error", file: path, line: exercise.line, title: "exercise '\(exercise.id)'", message: exercise.message))
        }
        return out
    }

    /// One command per error or warning; notes and remarks join the message of the one before them.
    private static func diagnostics(_ diagnostics: [DiagnosticReport], path: String, title: String) -> [String] {
        var groups: [(head: DiagnosticReport, notes: [String])] = []
        for report in diagnostics {
            let severity = report.diagnostic.severity
            if severity == .note || severity == .remark, !groups.isEmpty {
                groups[groups.count - 1].notes.append(report.line)
            } else {
                groups.append((report, []))
            }
        }
        return groups.map { head, notes in
            let severity = head.diagnostic.severity
            let kind = severity == .warning ? "warning" : severity == .error ? "error" : "notice"
            return command(kind, file: head.location?.path ?? path, line: head.location?.line, column: head.location?.column,
                           title: title, message: ([head.message] + notes).joined(separator: "\n"))
        }
    }

    private static func annotation(_ problem: ProblemReport, run: ScenarioRunReport, scenario: String, path: String) -> String {
        var message = [problem.summary + problem.outputSoFarHeading] + (problem.outputSoFar ?? []).map { "  " + $0 }
        if !run.stderrTail.isEmpty { message += ["stderr:"] + run.stderrTail.map { "  " + $0 } }
        return command("error", file: path, line: problem.cellLine, title: problem.title(scenario: scenario),
                       message: message.joined(separator: "\n"))
    }

    private static func annotation(_ mismatch: MismatchReport, scenario: String, path: String) -> String {
        let title = mismatch.expectedLine == nil
            ? "output without an output block in scenario \(scenario)"
            : "output differs in scenario \(scenario)"
        var message = Array(mismatch.diff.prefix(diffLines))
        if mismatch.diff.count > diffLines { message.append("… \(mismatch.diff.count - diffLines) more diff lines") }
        return command("error", file: path, line: mismatch.expectedLine ?? mismatch.cellLine,
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
