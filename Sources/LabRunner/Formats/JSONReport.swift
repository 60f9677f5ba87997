import Foundation

/// The report model as one JSON document for tools (docs/reports.md describes every key). Keys
/// are sorted and the text pretty-printed, so the same run always gives the same bytes; optional
/// values are `null`, never left out.
package enum JSONReport {
    /// The version of the document's shape: raised whenever a key is removed or renamed or its
    /// meaning changes, so a CI script can refuse a document it does not understand. Version 1
    /// (`version` key) had no `unreadable` status and no `notChecked` total.
    static let schemaVersion = 2

    package static func json(_ run: RunReport) throws(JSONText.Failure) -> String {
        let document = Document(schemaVersion: schemaVersion, appleAvailable: run.appleAvailable,
                                totals: Totals(run.totals), labs: run.files.flatMap(entries))
        return try JSONText.encode(document, what: "the run's report") + "\n"
    }

    // MARK: - Building the document from the model

    /// One entry per part of a lab; one for a file that is not a lab.
    private static func entries(_ file: FileReport) -> [LabEntry] {
        switch file.content {
        case .unreadable(let error):
            return [inputError(path: file.path, status: "unreadable", message: error.message,
                               diagnostic: DiagnosticEntry(path: error.path, line: nil, column: nil, severity: "error",
                                                           message: error.message, inPrelude: false))]
        case .invalid(let error, _):
            return [inputError(path: file.path, status: "invalid", message: error.message,
                               diagnostic: DiagnosticEntry(path: error.location.path, line: error.location.line,
                                                           column: error.location.column, severity: "error",
                                                           message: error.message, inPrelude: false))]
        case .lab(let title, let parts, _):
            return parts.map { entry($0, title: title) }
        case .guide(let guide, _):
            return [entry(guide, path: file.path)]
        }
    }

    /// A guide is one entry (`part: "guide"`) with a `samples` array; `status` is `fail` when a sample failed.
    private static func entry(_ guide: GuideReport, path: String) -> LabEntry {
        let status = guide.toolFailure != nil ? "tool-error" : guide.tally.failed > 0 ? "fail"
            : guide.nothingChecked != nil ? "nothing-to-run" : "pass"
        let samples = guide.samples.map { sample in
            SampleEntry(name: sample.name, line: sample.line, status: sample.status.rawValue, ran: sample.ran,
                        rung: sample.requiredRung == nil ? sample.rung?.rawValue : nil, reason: sample.reason, reasonLine: sample.reasonLine, compilerRan: sample.compilerRan,
                        diagnostics: sample.errors.map(diagnostic), run: sample.run.map(scenario))
        }
        return LabEntry(path: path, part: "guide", line: nil, check: nil, title: guide.title, status: status, buildDuration: 0,
                        compilerRan: guide.samples.contains(where: \.compilerRan), error: guide.toolFailure?.text ?? guide.nothingChecked.map { "nothing checked: " + $0 },
                        warnings: [], diagnostics: [], scenarios: [], skippedCells: [], samples: samples,
                        passed: guide.tally.passed, failed: guide.tally.failed)
    }

    private static func inputError(path: String, status: String, message: String, diagnostic: DiagnosticEntry) -> LabEntry {
        LabEntry(path: path, part: "program", line: nil, check: nil, title: nil, status: status, buildDuration: 0,
                 compilerRan: false, error: message, warnings: [], diagnostics: [diagnostic], scenarios: [],
                 skippedCells: [], passed: 0, failed: 0)
    }

    private static func entry(_ part: PartReport, title: String?) -> LabEntry {
        var status: String
        var error: String? = nil
        var diagnostics: [DiagnosticReport] = []
        var check: CheckEntry? = nil
        switch part.result {
        case .nothingToCompile(let onThisPlatform):
            status = "nothing-to-run"
            error = PartReport.nothingToCompileMessage(onThisPlatform: onThisPlatform)
        case .toolFailed(let failure):
            status = "tool-error"
            error = failure.text
        case .compileFailed(let failure):
            status = "compile-error"
            diagnostics = failure.diagnostics
        case .ran:
            status = part.counts.failed == 0 ? "pass" : "fail"
        case .compiledOnly:
            status = "compiled"
        case .missingModules(let missing):
            status = "missing-module"
            error = missing.message
        case .checked(let report):
            status = report.status == .fail ? "fail" : "pass"
            if case .earlierCellsFail(let errors) = report.failure { diagnostics = errors } else { diagnostics = report.errors }
            check = CheckEntry(passed: report.status != .fail, message: report.summary, expectedLine: report.expectedLine,
                               actual: report.actual, diff: report.diagnosticsDiff)
        }
        let partName = switch part.kind {
        case .program: "program"
        case .standalone: "standalone"
        case .check(_, let role): role.attribute
        }
        return LabEntry(path: part.path, part: partName, line: part.line, check: check, title: title, status: status,
                        buildDuration: rounded(part.buildDuration), compilerRan: part.compilerRan, error: error,
                        warnings: part.warnings.map(diagnostic), diagnostics: diagnostics.map(diagnostic),
                        scenarios: part.scenarios.map(scenario),
                        skippedCells: part.skippedCells.map { cell in
                            SkippedCellEntry(index: cell.index, line: cell.line, section: cell.section,
                                             reason: cell.reason == .marked ? "skip" : "apple", message: cell.message)
                        },
                        exercises: part.exercises.map { exercise in
                            ExerciseEntry(id: exercise.id, title: exercise.title, points: exercise.points, line: exercise.line,
                                          status: exercise.statusName, message: exercise.message,
                                          hint: exercise.hint.isEmpty ? nil : exercise.hint,
                                          followingFailures: exercise.followingFailures)
                        },
                        passed: part.counts.passed, failed: part.counts.failed)
    }

    private static func scenario(_ scenario: ScenarioReport) -> ScenarioEntry {
        let problem: ProblemEntry? = switch scenario.outcome {
        case .ran(let run): run.problem.map { ProblemEntry(kind: $0.kind, message: $0.message, cellIndex: $0.cellIndex, line: $0.cellLine) }
        case .notRun(let reason): ProblemEntry(kind: reason.kind, message: reason.message)
        }
        return ScenarioEntry(name: scenario.name, status: scenario.status.rawValue, duration: rounded(scenario.run?.duration ?? 0),
                             problem: problem, stderrTail: scenario.run?.stderrTail ?? [],
                             cells: scenario.cells.map { cell in
                                 CellEntry(index: cell.index, line: cell.line, section: cell.section, status: cell.status.rawValue,
                                           expectedLine: cell.expectedLine, diff: cell.diff)
                             })
    }

    private static func diagnostic(_ report: DiagnosticReport) -> DiagnosticEntry {
        let diagnostic = report.diagnostic
        return DiagnosticEntry(path: diagnostic.location?.path, line: diagnostic.location?.line, column: diagnostic.location?.column,
                               severity: report.severity, message: diagnostic.message, inPrelude: diagnostic.inPrelude)
    }

    /// Milliseconds are enough, and keep the numbers short (`0.123`, not `0.12300000000000001`).
    private static func rounded(_ seconds: Double) -> Double {
        seconds.isFinite ? (max(0, seconds) * 1000).rounded() / 1000 : 0
    }
}

/// An optional that encodes as `null` when absent, where synthesized `Encodable` would leave the
/// key out, so every object of a report has the same keys.
@propertyWrapper
struct JSONNullable<Value: Encodable>: Encodable {
    var wrappedValue: Value?

    init(wrappedValue: Value?) { self.wrappedValue = wrappedValue }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}
