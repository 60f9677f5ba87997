/// Checks every compiled cell's brackets before swiftc runs.
///
/// Each cell must be complete on its own (docs/lab-format.md). A cell that opens a `{` it never
/// closes would otherwise swallow the cells after it: swiftc then reports errors in later cells
/// and in the prelude, and never names the cell at fault. Here that cell is named, at the
/// bracket, in swiftc's style, and no compiler runs.
enum CellBracketCheck {
    /// An error (with its notes) per cell at fault, in document order; empty when every cell balances.
    static func diagnostics(for lab: Lab) -> [Diagnostic] {
        lab.compiledCells.flatMap { diagnostics(for: $0, in: lab) }
    }

    /// - Parameter noun: what the document calls the block, `cell` in a lab, `sample` in a guide.
    static func diagnostics(for cell: Cell, in lab: Lab, noun: String = "cell") -> [Diagnostic] {
        let code = Array(cell.block.code.utf8)
        guard let problem = BracketBalance.firstProblem(in: code, bareSlashRegex: bareSlashRegex(lab.settings)) else { return [] }
        func error(_ message: String) -> Diagnostic {
            Diagnostic(severity: .error, location: location(of: problem.token, in: cell, of: lab), message: message)
        }
        switch problem.kind {
        case .neverClosed:
            return [error("'\(problem.text)' is never closed in this \(noun)"),
                    Diagnostic(severity: .note, location: nil,
                               message: "a \(noun) must be complete: a later \(noun) cannot close what it opens")]
        case .neverOpened:
            let opener = ["}": "{", ")": "(", "]": "["][problem.text] ?? problem.text
            return [error("'\(problem.text)' has no matching '\(opener)' in this \(noun)")]
        case .mismatched(let opener):
            let opening = opener.text(in: code)
            let closer = ["{": "}", "[": "]"][opening] ?? ")"
            return [error("expected '\(closer)' before '\(problem.text)' in this \(noun)"),
                    Diagnostic(severity: .note, location: location(of: opener, in: cell, of: lab),
                               message: "to match this opening '\(opening)'")]
        }
    }

    /// Whether swiftc reads `/…/` as a regex literal: from Swift 6 on, or when the lab turns it on.
    static func bareSlashRegex(_ settings: LabSettings) -> Bool {
        let major = Int(settings.swiftVersion.prefix { $0.isNumber }) ?? 6
        return major >= 6 || settings.swiftcFlags.contains { $0.contains("BareSlashRegexLiterals") || $0 == "-enable-bare-slash-regex" }
    }

    /// The token's Markdown line and column: the cell's code lost its container prefix (`> `, a
    /// list item's indentation), which the column gets back, as `DiagnosticParser` does for swiftc.
    static func location(of token: Token, in cell: Cell, of lab: Lab) -> SourceLocation {
        let lines = cell.block.contentLines
        guard token.line >= 1, token.line <= lines.count else { return lab.location(line: cell.line) }
        let content = lines[token.line - 1]
        let shift = content.textStart - lab.source.lines[content.line - 1].start
        return lab.location(line: content.line, column: max(1, token.column + shift))
    }
}
