/// Plans the edit that makes a `compile_fail` cell's `diagnostics` block list the errors swiftc reported.
///
/// Only a check that failed on its diagnostics alone is written (a cell that compiled, or whose
/// earlier cells fail, has nothing right to write), and through the reconciled text, so wildcard
/// lines that still match survive.
package enum DiagnosticsUpdater {
    package static func plan(_ check: CompileCheck, lab: Lab) -> ([DocumentEdit], UpdateSummary) {
        var summary = UpdateSummary()
        guard check.problem == nil, let comparison = check.comparison, !comparison.isMatch,
              let block = check.cell.expectedDiagnostics else { return ([], summary) }
        let text = comparison.reconciled
        let character = Character(UnicodeScalar(block.fenceCharacter))
        guard block.closingLine != nil,
              OutputBlockWriter.fenceLength(for: text, character: character, minimum: block.fenceLength) == block.fenceLength
        else {
            summary.notes.append("not updated: the diagnostics block at line \(block.openingLine) cannot hold the new text in place")
            return ([], summary)
        }
        let writer = OutputBlockWriter(matching: block, in: lab.source)
        summary.diagnosticsRewritten = 1
        return ([writer.contentEdit(of: block, in: lab.source, text: text)], summary)
    }
}
