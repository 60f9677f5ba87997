/// What `--update` did to one part, before it becomes an `UpdateReport`.
struct UpdateLines {
    /// Scenarios whose outputs were written back: they count as passed.
    let updatedScenarios: Set<String>
    /// The `diagnostics` block was written back: the check counts as passed.
    let diagnosticsRewritten: Bool
    private let changes: [String]
    private let notes: [String]
    private var wrotePath: String? = nil

    init(summary: UpdateSummary, write: FileUpdate.Write) {
        if case .failed(let error) = write {
            // Nothing was written: no scenario counts as updated, and the reason is all there is to say.
            updatedScenarios = []
            diagnosticsRewritten = false
            changes = []
            notes = [error.description]
            return
        }
        updatedScenarios = summary.updatedScenarios
        diagnosticsRewritten = summary.diagnosticsRewritten > 0
        changes = summary.changeLines
        notes = summary.notes
    }

    /// Says `wrote PATH` after the lines that say what changed.
    mutating func wrote(_ path: String) { wrotePath = path }

    var lines: [String] { changes + (wrotePath.map { ["wrote \(ControlPictures.escapedName($0))"] } ?? []) + notes }
}
