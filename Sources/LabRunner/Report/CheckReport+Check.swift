extension CheckReport {
    /// - Parameter updated: `--update` rewrote the cell's `diagnostics` block.
    init(_ check: CompileCheck, lab: Lab, updated: Bool) {
        let role: CheckRole = check.cell.role == .noRun ? .noRun : .compileFail
        let status: Status = check.passed ? .pass : updated && check.problem == nil ? .updated : .fail
        let errors = check.errors.map { DiagnosticReport($0, lab: lab) }
        var rejections: [DiagnosticReport] = []
        var earlier: [DiagnosticReport] = []
        switch check.problem {
        case .rejected(let inCell)?: rejections = inCell.map { DiagnosticReport($0, lab: lab) }
        case .earlierCellsFail(let outside)?: earlier = outside.map { DiagnosticReport($0, lab: lab) }
        case .compiled?, nil: break
        }
        var mismatch: (header: String, diff: [String])? = nil
        if let comparison = check.comparison, !comparison.isMatch {
            let line = check.cell.expectedDiagnostics?.openingLine ?? check.cell.line
            mismatch = ("\(lab.path):\(line): diagnostics differ (- expected, + actual)", comparison.diff.renderedLines())
        }
        self.init(role: role, status: status, cellLine: check.cell.line,
                  expectedLine: check.cell.expectedDiagnostics?.openingLine, summary: Self.summary(check, role: role),
                  summaryIsTheFailure: check.comparison?.isMatch != false, errors: errors, rejections: rejections,
                  earlierErrors: earlier,
                  actual: CompileCheck.transcript(check.errors).split(separator: "\n").map(String.init),
                  diagnosticsMismatch: mismatch, duration: check.duration)
    }

    /// What a compile check found, in a few words: `rejected by swiftc as expected (1 error)`.
    private static func summary(_ check: CompileCheck, role: CheckRole) -> String {
        let errors = "\(check.errors.count) error\(check.errors.count == 1 ? "" : "s")"
        switch check.problem {
        case .compiled?:
            return "compile_fail cell compiled; swiftc was expected to reject it"
        case .rejected?:
            return "no_run cell did not compile (\(errors))"
        case .earlierCellsFail(let outside)?:
            return "the cells before it do not compile (\(outside.count) error\(outside.count == 1 ? "" : "s"))"
        case nil:
            if role == .noRun { return "compiled, not run" }
            return check.comparison?.isMatch == false ? "rejected by swiftc, with other errors than expected"
                : "rejected by swiftc as expected (\(errors))"
        }
    }
}
