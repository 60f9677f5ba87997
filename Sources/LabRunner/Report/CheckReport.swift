/// The verdict on a `compile_fail` or `no_run` cell, as the reports say it.
package struct CheckReport: Sendable {
    package enum Status: String, Sendable {
        case pass, fail
        /// It failed only on its `diagnostics` block, which `--update` rewrote; counts as passed.
        case updated
    }

    package let role: CheckRole
    package let status: Status
    package let cellLine: Int
    /// The `diagnostics` block's line, nil when the cell has none.
    package let expectedLine: Int?
    /// `rejected by swiftc as expected (1 error)`, `compile_fail cell compiled; swiftc was expected to reject it`…
    package let summary: String
    /// True when the summary is the failure (not a diagnostics mismatch): said as an error at the cell.
    package let summaryIsTheFailure: Bool
    /// Errors swiftc reported in the cell.
    package let errors: [DiagnosticReport]
    /// A `no_run` cell's errors, shown above its failure.
    package let rejections: [DiagnosticReport]
    /// Errors outside the cell: the cells before it do not compile.
    package let earlierErrors: [DiagnosticReport]
    /// `error: message` per error in the cell, as a diagnostics block holds them.
    package let actual: [String]
    /// The `diagnostics` block against `actual`: the header and the diff; nil when they match or
    /// there is nothing to compare.
    package let diagnosticsMismatch: (header: String, diff: [String])?
    package let duration: Double
}
