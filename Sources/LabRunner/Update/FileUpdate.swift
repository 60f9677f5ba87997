/// `--update` for one file: plans the edits of each of its parts, then replaces the file once,
/// atomically, refusing if it changed on disk since it was read.
package struct FileUpdate: Sendable {
    /// Whether the file was replaced.
    package enum Write: Sendable, Equatable {
        /// Nothing needed writing.
        case unchanged
        case wrote
        /// Replacing it failed: the file is unchanged and nothing counts as updated.
        case failed(AtomicFile.WriteError)
    }

    package let write: Write
    /// What was planned for each part of the file's outcome, in the same order; nil for a part
    /// with nothing to update.
    package let parts: [UpdateSummary?]

    /// Applies `--update` to a lab file (its output blocks) or a guide (its `// Prints` comments);
    /// nil for a file that is neither.
    package static func apply(_ outcome: FileOutcome, appleAvailable: Bool) -> FileUpdate? {
        if case .guide(let guide) = outcome.content {
            // A guide's expected output is its `// Prints` comments: only they are rewritten.
            let (edits, summary) = PrintsUpdater.plan(guide)
            return write(edits, to: outcome.path, original: guide.lab.source.bytes, parts: [summary])
        }
        guard case .lab(let lab, let outcomes) = outcome.content else { return nil }
        var summaries: [UpdateSummary?] = []
        var edits: [DocumentEdit] = []
        for part in outcomes {
            switch part.status {
            case .ran(let verdicts):
                let (planned, summary) = OutputUpdater.plan(part.lab, verdicts: verdicts, appleAvailable: appleAvailable)
                edits += planned
                summaries.append(summary)
            case .checked(let check):
                let (planned, summary) = DiagnosticsUpdater.plan(check, lab: part.lab)
                edits += planned
                summaries.append(summary)
            case .compileFailed:
                summaries.append(UpdateSummary(notes: ["not updated: the lab did not compile"]))
            case .nothingToRun, .toolFailed, .compiledOnly, .missingModules:
                summaries.append(nil)
            }
        }
        return write(edits, to: outcome.path, original: lab.source.bytes, parts: summaries)
    }

    private static func write(_ edits: [DocumentEdit], to path: String, original: [UInt8], parts summaries: [UpdateSummary?]) -> FileUpdate {
        guard !edits.isEmpty else { return FileUpdate(write: .unchanged, parts: summaries) }
        do {
            try AtomicFile.replace(path, expected: original, with: DocumentEdit.apply(edits, to: original))
        } catch {
            return FileUpdate(write: .failed(error), parts: summaries)
        }
        return FileUpdate(write: .wrote, parts: summaries)
    }
}
