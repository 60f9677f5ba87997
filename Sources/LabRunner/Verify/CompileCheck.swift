/// The verdict on a `compile_fail` or `no_run` cell, built after the program cells before it.
package struct CompileCheck: Sendable {
    enum Problem: Sendable, Equatable {
        /// A `compile_fail` cell that swiftc accepted.
        case compiled
        /// A `no_run` cell that swiftc rejected: the errors in the cell.
        case rejected([Diagnostic])
        /// swiftc reported errors outside the cell: the cells before it do not compile.
        case earlierCellsFail([Diagnostic])
    }

    let cell: Cell
    /// Errors swiftc reported inside the cell.
    let errors: [Diagnostic]
    let problem: Problem?
    /// A `compile_fail` cell's errors against its `diagnostics` block; nil when it has none (any error will do).
    let comparison: TranscriptComparison?
    let duration: Double

    var passed: Bool { problem == nil && comparison?.isMatch != false }

    init(cell: Cell, build: BuildOutcome, labPath: String) {
        self.cell = cell
        duration = build.duration
        let allErrors = build.diagnostics.filter { $0.severity == .error }
        let inCell = allErrors.filter { error in
            guard let location = error.location, location.path == labPath,
                  let lines = cell.codeLines else { return false }
            return lines.contains(location.line)
        }
        errors = inCell
        let outside = allErrors.filter { error in !inCell.contains(error) }
        if !outside.isEmpty {
            problem = .earlierCellsFail(outside)
        } else if cell.role == .compileFail {
            problem = build.succeeded ? .compiled : nil
        } else {
            problem = inCell.isEmpty ? nil : .rejected(inCell)
        }
        if cell.role == .compileFail, problem == nil, let expected = cell.expectedDiagnostics {
            comparison = TranscriptComparison(expected: expected.code, actual: Self.transcript(inCell))
        } else {
            comparison = nil
        }
    }

    /// What a `diagnostics` block holds: `error: message` per line, without the
    /// `[#DiagnosticGroup]` tag newer compilers append (so a block reads the same across versions).
    static func transcript(_ errors: [Diagnostic]) -> String {
        errors.map { "\($0.severity.rawValue): \(untagged($0.message))\n" }.joined()
    }

    static func untagged(_ message: String) -> String {
        guard message.hasSuffix("]"), let open = message.range(of: " [#", options: .backwards) else { return message }
        return String(message[..<open.lowerBound])
    }
}
