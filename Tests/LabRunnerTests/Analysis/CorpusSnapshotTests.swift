import Foundation
import Testing
@testable import LabRunner

/// The guide analysis of `../shared/corpus/` (three real documentation trees, ~5900 samples)
/// against checked-in snapshots, so that any change of a heuristic shows as a reviewable diff of
/// `path:line` lines. After a change that is meant, record them again with
/// `LABRUNNER_RECORD_SNAPSHOT=1 swift test --filter CorpusSnapshot` and review `git diff`.
/// Skipped when the corpus is not beside the repository.
struct CorpusSnapshotTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = repository.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    static let snapshots = repository.appendingPathComponent("Tests/LabRunnerTests/Fixtures/corpus-snapshot")
    static let corpusPresent = FileManager.default.fileExists(atPath: corpus.path)
    static let recording = ProcessInfo.processInfo.environment["LABRUNNER_RECORD_SNAPSHOT"] == "1"

    @Test(.enabled(if: corpusPresent, "../shared/corpus is not beside the repository"))
    func analysisAndItemsMatchTheSnapshots() throws {
        let snapshot = try CorpusSnapshot(root: Self.corpus)
        try Self.compare(snapshot.analysis, with: "analysis.txt")
        try Self.compare(snapshot.items, with: "items.txt")
    }

    /// Compares line by line; on a difference, shows the first ones with their line numbers.
    static func compare(_ lines: [String], with name: String) throws {
        let file = snapshots.appendingPathComponent(name)
        let text = lines.joined(separator: "\n") + "\n"
        if recording {
            try FileManager.default.createDirectory(at: snapshots, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        let recorded = try String(contentsOf: file, encoding: .utf8)
        guard recorded != text else { return }
        let old = recorded.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var shown: [String] = []
        for number in 0..<max(old.count, new.count) where shown.count < 12 {
            let before = number < old.count ? old[number] : "(none)"
            let after = number < new.count ? new[number] : "(none)"
            if before != after { shown.append("line \(number + 1):\n  - \(before)\n  + \(after)") }
        }
        Issue.record("""
            the corpus's guide analysis differs from \(name) (\(old.count) lines recorded, \(new.count) now); \
            if the change is meant, run LABRUNNER_RECORD_SNAPSHOT=1 swift test --filter CorpusSnapshot and review git diff
            \(shown.joined(separator: "\n"))
            """)
    }
}
