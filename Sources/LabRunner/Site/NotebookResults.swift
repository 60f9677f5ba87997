/// A lab's results regrouped by cell, which is where the page shows them: every scenario's
/// view of the cell, the errors inside it, a check's verdict. The report names a cell (and an
/// output block) by its `FencedBlock.openingLine`, and the page's blocks come from the same
/// parser over the same bytes, so a block finds its own results (`isCell(_:)`, `isShown(_:)`).
struct NotebookResults {
    /// One scenario's view of one cell.
    struct ScenarioCell {
        let scenario: ScenarioReport
        let cell: CellReport
    }

    private(set) var scenarios: [Int: [ScenarioCell]] = [:]
    private(set) var checks: [Int: CheckReport] = [:]
    private(set) var skipped: [Int: SkippedCell] = [:]
    /// Errors and warnings with a line in the lab.
    private(set) var diagnostics: [DiagnosticReport] = []
    /// Lines of the output and diagnostics blocks the results show, which the page leaves out.
    private(set) var shownBlocks: Set<Int> = []
    /// Parts whose outcome belongs to the whole file (not compiled here, tool failure…).
    private(set) var fileNotes: [(verdict: String, text: String)] = []

    init(_ file: FileReport) {
        // A cell built apart has a part of its own; the lab's program, built without it, lists
        // it as not run, which is not what became of it. So a compile_fail or no_run cell (whose
        // part has no scenarios) has no scenario views, and a standalone cell only its own.
        let apart = Set(file.parts.compactMap(\.line))
        // The report's path is the printed one (`ControlPictures.escapedName`), a location's as named.
        func isThisFile(_ diagnostic: DiagnosticReport) -> Bool {
            diagnostic.location.map { ControlPictures.escapedName($0.path) == file.path } ?? false
        }
        for part in file.parts {
            for scenario in part.scenarios {
                for cell in scenario.cells where part.line == cell.line || !apart.contains(cell.line) {
                    scenarios[cell.line, default: []].append(ScenarioCell(scenario: scenario, cell: cell))
                    if let line = cell.expectedLine { shownBlocks.insert(line) }
                }
            }
            for cell in part.skippedCells { skipped[cell.line] = cell }
            diagnostics += part.warnings.filter { isThisFile($0) }
            switch part.result {
            case .checked(let check):
                checks[check.cellLine] = check
                if let line = check.expectedLine { shownBlocks.insert(line) }
                diagnostics += check.errors.filter { isThisFile($0) }
                if case .rejected(let errors) = check.failure { diagnostics += errors.filter { isThisFile($0) } }
                if case .earlierCellsFail(let errors) = check.failure {
                    fileNotes.append(("fail", "\(part.name): \(check.summary)"))
                    diagnostics += errors.filter { isThisFile($0) }
                }
            case .compileFailed(let failure):
                diagnostics += failure.diagnostics.filter { isThisFile($0) }
                let outside = failure.diagnostics.filter { !isThisFile($0) && $0.severity == "error" }
                fileNotes.append(("fail", "\(part.name): \(failure.summary)"
                                  + outside.map { "\n" + $0.line }.joined()))
            case .toolFailed(let failure):
                fileNotes.append(("fail", "\(part.name): not checked: \(failure.text)"))
            case .missingModules(let missing):
                fileNotes.append(("skipped", "\(part.name): skipped: \(missing.message)"))
            case .nothingToCompile(let onThisPlatform):
                fileNotes.append(("skipped", PartReport.nothingToCompileMessage(onThisPlatform: onThisPlatform)))
            case .compiledOnly:
                fileNotes.append(("pass", "\(part.name): compiled, no transcripts"))
            case .ran:
                break
            }
            // Said once for the page, not under every cell.
            let notSelected = part.scenarios.filter { if case .notSelected? = $0.notRun { true } else { false } }.map(\.name)
            if !notSelected.isEmpty {
                fileNotes.append(("skipped", notSelected.joined(separator: ", ") + ": " + ScenarioReport.NotRun.notSelected.message))
            }
        }
        // A diagnostic reported twice (a check's errors and its failure) is shown once.
        var seen = Set<String>()
        diagnostics = diagnostics.filter { seen.insert($0.line).inserted }
    }

    /// Whether `block` is a cell the run reports on: it ran, was checked or skipped, or has errors.
    func isCell(_ block: FencedBlock) -> Bool {
        let line = block.openingLine
        return scenarios[line] != nil || checks[line] != nil || skipped[line] != nil
            || !diagnostics(in: line...(line + block.code.split(separator: "\n", omittingEmptySubsequences: false).count)).isEmpty
    }

    /// Whether `block` is an output or diagnostics block its cell's results already show.
    func isShown(_ block: FencedBlock) -> Bool {
        shownBlocks.contains(block.openingLine)
    }

    /// The diagnostics whose line is inside `lines`, in order.
    func diagnostics(in lines: ClosedRange<Int>) -> [DiagnosticReport] {
        diagnostics.filter { $0.location.map { lines.contains($0.line) } ?? false }
    }
}
