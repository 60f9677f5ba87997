/// The verdict on a `compile_fail` or `no_run` cell, as the reports say it.
package struct CheckReport: Sendable {
    package enum Status: String, Sendable {
        case pass, fail
        /// It failed only on its `diagnostics` block, which `--update` rewrote; counts as passed.
        case updated
    }

    /// Why a check failed: one reason, with what each reason has to show.
    package enum Failure: Sendable {
        /// A `compile_fail` cell that swiftc accepted.
        case compiled
        /// A `no_run` cell that swiftc rejected: its errors.
        case rejected([DiagnosticReport])
        /// Errors outside the cell: the cells before it do not compile.
        case earlierCellsFail([DiagnosticReport])
        /// The errors in the cell differ from its `diagnostics` block: a header at the block and the diff.
        case diagnosticsDiffer(header: String, diff: [String])
    }

    package let role: CheckRole
    package let status: Status
    /// Nil when the check passed.
    package let failure: Failure?
    package let cellLine: Int
    /// The `diagnostics` block's line, nil when the cell has none.
    package let expectedLine: Int?
    /// `rejected by swiftc as expected (1 error)`, `compile_fail cell compiled; swiftc was expected to reject it`…
    package let summary: String
    /// Errors swiftc reported in the cell.
    package let errors: [DiagnosticReport]
    /// `error: message` per error in the cell, as a diagnostics block holds them.
    package let actual: [String]
    package let duration: Double

    /// The diff against the `diagnostics` block; empty unless they differ.
    package var diagnosticsDiff: [String] {
        if case .diagnosticsDiffer(_, let diff) = failure { return diff }
        return []
    }
}
