/// The JSON report's objects, as docs/reports.md describes them.
extension JSONReport {
    struct Document: Encodable {
        let schemaVersion: Int
        let appleAvailable: Bool
        let totals: Totals
        let labs: [LabEntry]
    }

    /// Tests passed and failed and what was not checked, as the closing `N passed, N failed, N
    /// skipped` line; files that could not be checked; of those, files that are not valid labs
    /// (unreadable ones included).
    struct Totals: Encodable {
        let passed: Int
        let failed: Int
        let skipped: Int
        let notChecked: Int
        let invalid: Int
        /// Guide samples per rung of the ladder (`CheckRung`), every rung named, 0 included.
        let rungs: [String: Int]

        init(_ totals: RunReport.Totals) {
            rungs = Dictionary(uniqueKeysWithValues: CheckRung.allCases.map { ($0.rawValue, totals.rungs[$0] ?? 0) })
            passed = totals.passed
            failed = totals.failed
            skipped = totals.skipped
            notChecked = totals.notChecked
            invalid = totals.invalid
        }
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
        /// The lab's exercises (program part only): stubs checked, or a student's progress.
        var exercises: [ExerciseEntry] = []
        /// A guide's samples (`part` is `guide`); empty for a lab's parts.
        var samples: [SampleEntry] = []
        let passed: Int
        let failed: Int
    }

    /// One sample of a guide: `passed`, `failed`, `listing`, `skipped` or `compiler-crash`.
    struct SampleEntry: Encodable {
        let name: String
        let line: Int
        let status: String
        let ran: Bool
        /// How far it was checked (`CheckRung`'s name); null when it failed or was skipped.
        @JSONNullable var rung: String?
        @JSONNullable var reason: String?
        @JSONNullable var reasonLine: Int?
        let compilerRan: Bool
        let diagnostics: [DiagnosticEntry]
        @JSONNullable var run: ScenarioEntry?
    }

    struct ExerciseEntry: Encodable {
        let id: String
        @JSONNullable var title: String?
        let points: Int
        let line: Int
        /// `checked`, `stub-passes`, `stub-does-not-compile`, `not-checked`, `done`, `not-yet`, `follows-from`.
        let status: String
        let message: String
        @JSONNullable var hint: String?
        /// Lines of cells outside exercises whose wrong output follows from this exercise not being done.
        let followingFailures: [Int]
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
        /// `compile-error`, `tool-error`, `not-selected`, `missing-module`.
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
}
