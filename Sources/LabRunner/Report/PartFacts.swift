/// What the reports say about the outcomes beside scenario runs: compile checks of `compile_fail`
/// and `no_run` cells, and labs skipped for a missing module.
extension ReportFacts {
    /// `needs module ComposableArchitecture (cells at lines 172, 232), not available here`.
    static func missingModulesSummary(_ modules: [MissingModule]) -> String {
        let parts = modules.map { module in
            let lines = module.cellLines.map(String.init).joined(separator: ", ")
            return module.name + (module.cellLines.isEmpty ? "" : " (cell\(module.cellLines.count == 1 ? "" : "s") at line\(module.cellLines.count == 1 ? "" : "s") \(lines))")
        }
        return "needs module\(modules.count == 1 ? "" : "s") \(parts.joined(separator: "; ")), not available here (--strict makes this a failure)"
    }

    /// What a compile check found, in a few words: `rejected by swiftc as expected (1 error)`.
    static func checkSummary(_ check: CompileCheck) -> String {
        let errors = "\(check.errors.count) error\(check.errors.count == 1 ? "" : "s")"
        switch check.problem {
        case .compiled?:
            return "compile_fail cell compiled; swiftc was expected to reject it"
        case .rejected?:
            return "no_run cell did not compile (\(errors))"
        case .earlierCellsFail(let outside)?:
            return "the cells before it do not compile (\(outside.count) error\(outside.count == 1 ? "" : "s"))"
        case nil:
            if check.cell.role == .noRun { return "compiled, not run" }
            return check.comparison?.isMatch == false ? "rejected by swiftc, with other errors than expected"
                : "rejected by swiftc as expected (\(errors))"
        }
    }

    /// `lab.md:LINE: diagnostics differ (- expected, + actual)`, at the diagnostics block.
    static func diagnosticsMismatchHeader(_ check: CompileCheck, path: String) -> String {
        "\(path):\(check.cell.expectedDiagnostics?.openingLine ?? check.cell.line): diagnostics differ (- expected, + actual)"
    }

    /// How many errors each cell has, in document order: a per-cell account of a failed build,
    /// for guides whose samples fail in many places at once.
    static func errorsByCell(_ errors: [Diagnostic], lab: Lab) -> [(cell: Cell, errors: Int)] {
        var counts: [Int: Int] = [:]
        for error in errors where error.severity == .error {
            guard let line = error.location?.line, error.location?.path == lab.path,
                  let cell = lab.compiledCells.first(where: { $0.codeLines?.contains(line) == true }) else { continue }
            counts[cell.index, default: 0] += 1
        }
        return lab.compiledCells.compactMap { cell in counts[cell.index].map { (cell, $0) } }
    }
}
