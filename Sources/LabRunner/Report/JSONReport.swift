import Foundation

/// The outcomes as one JSON document for tools: every lab, scenario and cell, with diagnostics at
/// their Markdown locations and diffs as lines. Keys are sorted and the text pretty-printed, so the
/// same outcomes always give the same bytes; optional values are `null`, never left out.
///
/// A lab file gives one entry for its program and one per `standalone`, `compile_fail` and `no_run`
/// cell (`part`, with the cell's `line`).
///
/// Statuses — lab: `pass`, `fail`, `compile-error`, `tool-error`, `invalid`, `nothing-to-run`,
/// `compiled` (no transcripts to check), `missing-module` (skipped);
/// scenario: `pass`, `fail`, `updated`, `skipped` (declared but not run); cell: `pass`, `fail`,
/// `updated`, `skipped` (not compiled here), `not-run`.
package enum JSONReport {
    static let version = 1

    static func json(_ outcomes: [LabOutcome], appleAvailable: Bool) -> String {
        json(outcomes, appleAvailable: appleAvailable, updates: [:])
    }

    /// As `json(_:appleAvailable:)`, with what `--update` did per lab path: scenarios whose outputs
    /// were written back are `updated` and count as passed.
    package static func json(_ outcomes: [LabOutcome], appleAvailable: Bool, updates: [String: UpdateSummary]) -> String {
        let labs = outcomes.map { entry($0, appleAvailable: appleAvailable, updated: updates[$0.name]?.updatedScenarios ?? []) }
        let totals = Totals(passed: labs.reduce(0) { $0 + $1.passed }, failed: labs.reduce(0) { $0 + $1.failed },
                            invalid: labs.filter { $0.status == "invalid" }.count)
        let document = Document(version: version, appleAvailable: appleAvailable, totals: totals, labs: labs)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and finite numbers always encode.
        return String(decoding: (try? encoder.encode(document)) ?? Data(), as: UTF8.self) + "\n"
    }

    // MARK: - The document

    struct Document: Encodable {
        let version: Int
        let appleAvailable: Bool
        let totals: Totals
        let labs: [LabEntry]
    }

    /// Scenario runs passed and failed, as the closing `N passed, N failed` line; labs that are not valid labs.
    struct Totals: Encodable {
        let passed: Int
        let failed: Int
        let invalid: Int
    }

    struct LabEntry: Encodable {
        let path: String
        /// `program`, `standalone`, `compile_fail` or `no_run`.
        let part: String
        /// The cell's line for a part other than the program.
        @JSONNullable var line: Int?
        /// For `compile_fail` and `no_run`: the errors in the cell against its `diagnostics` block.
        @JSONNullable var check: CheckEntry?
        @JSONNullable var title: String?
        let status: String
        /// Seconds swiftc took (0 when nothing was built).
        let buildDuration: Double
        /// False when the executable came from the compile cache, or the lab never reached swiftc.
        let compilerRan: Bool
        /// The input error or tool failure, in words.
        @JSONNullable var error: String?
        let warnings: [DiagnosticEntry]
        /// Compile errors with their notes; for an invalid lab, the input error.
        let diagnostics: [DiagnosticEntry]
        let scenarios: [ScenarioEntry]
        let skippedCells: [SkippedCellEntry]
        let passed: Int
        let failed: Int
    }

    struct CheckEntry: Encodable {
        let passed: Bool
        let message: String
        /// The `diagnostics` block's line, null when the cell has none.
        @JSONNullable var expectedLine: Int?
        /// `error: message` per error swiftc reported in the cell, as a diagnostics block holds them.
        let actual: [String]
        /// Unified diff lines of the diagnostics block against `actual`; empty when they match.
        let diff: [String]
    }

    struct DiagnosticEntry: Encodable {
        @JSONNullable var path: String?
        @JSONNullable var line: Int?
        @JSONNullable var column: Int?
        let severity: String
        let message: String
        let inPrelude: Bool
    }

    struct ScenarioEntry: Encodable {
        let name: String
        let status: String
        let duration: Double
        @JSONNullable var problem: ProblemEntry?
        /// The last lines of standard error, without the runtime's stack frames.
        let stderrTail: [String]
        let cells: [CellEntry]
    }

    struct ProblemEntry: Encodable {
        /// `crash`, `timeout`, `exit-status`, `output-limit`, `stopped-early`, `launch-failed`,
        /// `compile-error`, `tool-error`, `not-selected`, `nothing-to-run`.
        let kind: String
        let message: String
        /// The cell that was running, when known.
        @JSONNullable var cellIndex: Int? = nil
        @JSONNullable var line: Int? = nil
    }

    struct CellEntry: Encodable {
        let index: Int
        let line: Int
        @JSONNullable var section: String?
        let status: String
        /// The line of the output block for this scenario; null when the cell should print nothing.
        @JSONNullable var expectedLine: Int?
        /// Unified diff lines (`@@ … @@`, then " ", "-", "+" lines); empty unless the output differed.
        let diff: [String]
    }

    struct SkippedCellEntry: Encodable {
        let index: Int
        let line: Int
        @JSONNullable var section: String?
        /// `skip` (marked skip) or `apple` (needs SwiftUI).
        let reason: String
        let message: String
    }

    // MARK: - Building it

    private static func entry(_ outcome: LabOutcome, appleAvailable: Bool, updated: Set<String>) -> LabEntry {
        let lab = outcome.lab
        var status: String
        var error: String? = nil
        var diagnostics: [DiagnosticEntry] = []
        var scenarios: [ScenarioEntry] = []
        var check: CheckEntry? = nil

        /// Every declared scenario, none of them run, for one reason.
        func notRun(_ scenarioStatus: ReportFacts.ScenarioStatus, kind: String, message: String) -> [ScenarioEntry] {
            guard let lab else { return [] }
            return lab.scenarios.map { name in
                ScenarioEntry(name: name, status: scenarioStatus.rawValue, duration: 0,
                              problem: ProblemEntry(kind: kind, message: message), stderrTail: [],
                              cells: cells(lab, verdict: nil, scenario: name, appleAvailable: appleAvailable, updated: false))
            }
        }

        switch outcome.status {
        case .invalid(let labError):
            status = "invalid"
            error = labError.message
            let location = labError.location
            diagnostics = [DiagnosticEntry(path: ReportFacts.path(of: labError, fallback: outcome.path),
                                           line: location?.line, column: location?.column,
                                           severity: Diagnostic.Severity.error.rawValue, message: labError.message, inPrelude: false)]
        case .nothingToRun:
            status = "nothing-to-run"
            let message = "no Swift cells to compile" + (lab?.cells.isEmpty == false ? " on this platform" : "")
            scenarios = notRun(.skipped, kind: "nothing-to-run", message: message)
        case .toolFailed(let message):
            status = "tool-error"
            error = message
            scenarios = notRun(.fail, kind: "tool-error", message: message)
        case .compileFailed(let errors, _):
            status = "compile-error"
            diagnostics = errors.map(diagnostic)
            scenarios = notRun(.fail, kind: "compile-error", message: ReportFacts.compileFailure(errors))
        case .compiledOnly:
            status = "compiled"
        case .missingModules(let modules):
            status = "missing-module"
            error = ReportFacts.missingModulesSummary(modules)
            scenarios = notRun(.skipped, kind: "missing-module", message: error!)
        case .checked(let compileCheck):
            status = compileCheck.passed ? "pass" : "fail"
            diagnostics = compileCheck.errors.map(diagnostic)
            if case .earlierCellsFail(let outside) = compileCheck.problem { diagnostics = outside.map(diagnostic) }
            check = CheckEntry(passed: compileCheck.passed, message: ReportFacts.checkSummary(compileCheck),
                               expectedLine: compileCheck.cell.expectedDiagnostics?.openingLine,
                               actual: CompileCheck.transcript(compileCheck.errors).split(separator: "\n").map(String.init),
                               diff: compileCheck.comparison?.diff.renderedLines() ?? [])
        case .ran(let verdicts):
            let counts = ReportFacts.counts(outcome, updated: updated)
            status = counts.failed == 0 ? "pass" : "fail"
            guard let lab else { break }
            let names = lab.scenarios + verdicts.map(\.scenario).filter { !lab.scenarios.contains($0) }
            scenarios = names.map { name in
                guard let verdict = verdicts.first(where: { $0.scenario == name }) else {
                    return ScenarioEntry(name: name, status: ReportFacts.ScenarioStatus.skipped.rawValue, duration: 0,
                                         problem: ProblemEntry(kind: "not-selected", message: "not run: scenario not selected"),
                                         stderrTail: [],
                                         cells: cells(lab, verdict: nil, scenario: name, appleAvailable: appleAvailable, updated: false))
                }
                let scenarioStatus = ReportFacts.scenarioStatus(verdict, updated: updated)
                let problem = verdict.problem.map { problem in
                    ProblemEntry(kind: ReportFacts.kind(problem),
                                 message: ReportFacts.summary(problem, lab: lab) + ReportFacts.place(verdict, lab: lab),
                                 cellIndex: verdict.lastCell?.index, line: verdict.lastCell?.line)
                }
                return ScenarioEntry(name: name, status: scenarioStatus.rawValue, duration: rounded(verdict.duration),
                                     problem: problem, stderrTail: ReportFacts.stderrTail(verdict, lab: lab),
                                     cells: cells(lab, verdict: verdict, scenario: name, appleAvailable: appleAvailable,
                                                  updated: scenarioStatus == .updated))
            }
        }

        let counts = ReportFacts.counts(outcome, updated: updated)
        let skipped = (lab?.cells ?? []).compactMap { cell -> SkippedCellEntry? in
            guard let message = ReportFacts.skipReason(cell, appleAvailable: appleAvailable) else { return nil }
            return SkippedCellEntry(index: cell.index, line: cell.line, section: cell.section,
                                    reason: cell.isSkipped ? "skip" : "apple", message: message)
        }
        let (part, line): (String, Int?) = switch outcome.part {
        case .program: ("program", nil)
        case .standalone(let line): ("standalone", line)
        case .check(let line, let attribute): (attribute, line)
        }
        return LabEntry(path: outcome.path, part: part, line: line, check: check, title: lab?.title, status: status, buildDuration: rounded(outcome.buildDuration),
                        compilerRan: ReportFacts.compilerRan(outcome), error: error, warnings: outcome.warnings.map(diagnostic),
                        diagnostics: diagnostics, scenarios: scenarios, skippedCells: skipped,
                        passed: counts.passed, failed: counts.failed)
    }

    private static func cells(_ lab: Lab, verdict: ScenarioVerdict?, scenario: String, appleAvailable: Bool,
                              updated: Bool) -> [CellEntry] {
        ReportFacts.cells(lab, verdict: verdict, scenario: scenario, appleAvailable: appleAvailable, updated: updated).map {
            CellEntry(index: $0.cell.index, line: $0.cell.line, section: $0.cell.section, status: $0.status.rawValue,
                      expectedLine: $0.expectedLine, diff: $0.diff)
        }
    }

    private static func diagnostic(_ diagnostic: Diagnostic) -> DiagnosticEntry {
        DiagnosticEntry(path: diagnostic.location?.path, line: diagnostic.location?.line, column: diagnostic.location?.column,
                        severity: diagnostic.severity.rawValue, message: diagnostic.message, inPrelude: diagnostic.inPrelude)
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
