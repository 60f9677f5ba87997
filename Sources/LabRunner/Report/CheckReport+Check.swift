extension CheckReport {
    /// - Parameter updated: `--update` rewrote the cell's `diagnostics` block.
    init(_ check: CompileCheck, lab: Lab, updated: Bool) {
        let role: CheckRole = check.cell.role == .noRun ? .noRun : .compileFail
        let status: Status = check.passed ? .pass : updated && check.problem == nil ? .updated : .fail
        var failure: Failure? = nil
        switch check.problem {
        case .compiled?: failure = .compiled
        case .rejected(let inCell)?: failure = .rejected(inCell.map { DiagnosticReport($0, lab: lab) })
        case .earlierCellsFail(let outside)?: failure = .earlierCellsFail(outside.map { DiagnosticReport($0, lab: lab) })
        case nil:
            if let comparison = check.comparison, !comparison.isMatch {
                let line = check.cell.expectedDiagnostics?.openingLine ?? check.cell.line
                failure = .diagnosticsDiffer(header: "\(lab.path):\(line): diagnostics differ (- expected, + actual)",
                                             diff: comparison.diff.renderedLines())
            }
        }
        self.init(role: role, status: status, failure: failure, cellLine: check.cell.line,
                  expectedLine: check.cell.expectedDiagnostics?.openingLine, summary: Self.summary(check, role: role),
                  errors: check.errors.map { DiagnosticReport($0, lab: lab) },
                  actual: CompileCheck.transcript(check.errors).split(separator: "\n").map(String.init),
                  duration: check.duration)
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
