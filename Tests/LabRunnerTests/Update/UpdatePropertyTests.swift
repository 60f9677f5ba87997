import Testing
@testable import LabRunner

/// `--update` on random labs (see `LabDocumentGenerator`): writing back what every block already
/// says changes no byte, and rewriting one block changes nothing outside that block's bytes.
struct UpdatePropertyTests {
    private static let seeds = SeededGenerator.seeds(400, base: 0x5EED_0000)

    /// Verdicts in which every scenario printed, for each cell, `printed(cell, scenario)`.
    private static func verdicts(_ lab: Lab, _ printed: (Cell, String) -> String) -> [ScenarioVerdict] {
        lab.scenarios.map { scenario in
            let outputs = Dictionary(uniqueKeysWithValues: lab.compiledCells.map { ($0.index, printed($0, scenario)) })
            return ScenarioVerdict(scenario: scenario, mismatches: [], problem: nil, lastCell: nil,
                                   stderr: "", duration: 0, actualOutputs: outputs)
        }
    }

    /// What the lab's blocks say each cell prints.
    private static func asWritten(_ cell: Cell, _ scenario: String) -> String {
        cell.expectedOutput(for: scenario)?.block.code ?? ""
    }

    private static func record(_ seed: UInt64, _ bytes: [UInt8], _ what: String) {
        Issue.record("seed \(seed) (replay: LABRUNNER_SEED=\(seed)): \(what)\ndocument: \(swiftLiteral(bytes))")
    }

    @Test func writingBackWhatEveryBlockSaysChangesNoByte() throws {
        for seed in Self.seeds {
            var generator = LabDocumentGenerator(seed: seed)
            let bytes = generator.document()
            let lab = try LabParser.parse(bytes: bytes, path: "lab.md")
            let (edits, summary) = OutputUpdater.plan(lab, verdicts: Self.verdicts(lab, Self.asWritten), appleAvailable: false)
            if !edits.isEmpty || summary.hasEdits { Self.record(seed, bytes, "planned \(edits.count) edits"); return }
            // Forced: every block's content rewritten with its own text, all at once.
            let forced = lab.cells.flatMap(\.outputs).map { output in
                OutputBlockWriter(matching: output.block, in: lab.source).contentEdit(of: output.block, in: lab.source, text: output.block.code)
            }
            let rewritten = DocumentEdit.apply(forced, to: bytes)
            if rewritten != bytes { Self.record(seed, bytes, "rewriting blocks with their own text gave \(swiftLiteral(rewritten))"); return }
        }
    }

    @Test func rewritingOneBlockChangesNothingOutsideIt() throws {
        for seed in Self.seeds {
            var generator = LabDocumentGenerator(seed: seed)
            let bytes = generator.document()
            let lab = try LabParser.parse(bytes: bytes, path: "lab.md")
            let candidates = lab.compiledCells.flatMap { cell in
                cell.outputs.map { output in (cell, output, lab.scenarios.filter { cell.expectedOutput(for: $0)?.block == output.block }) }
            }
            // Unrelated generator for the new text, so the document stays the same for a seed.
            var random = SeededGenerator(seed: ~seed)
            guard let (cell, output, covered) = candidates.filter({ !$0.2.isEmpty }).randomElement(using: &random) else { continue }
            var texts = LabDocumentGenerator(seed: ~seed)
            let text = texts.printedText(maxLines: 4, fenceLike: true)
            let printed: (Cell, String) -> String = { other, scenario in
                other.index == cell.index && covered.contains(scenario) ? text : Self.asWritten(other, scenario)
            }
            let (edits, _) = OutputUpdater.plan(lab, verdicts: Self.verdicts(lab, printed), appleAvailable: false)
            let range = output.block.blockRange
            if let outside = edits.first(where: { $0.range.lowerBound < range.lowerBound || $0.range.upperBound > range.upperBound }) {
                Self.record(seed, bytes, "edit \(outside.range) outside block \(range) for \(text.debugDescription)"); return
            }
            let updated = DocumentEdit.apply(edits, to: bytes)
            let tail = bytes.count - range.upperBound
            guard updated.count >= range.lowerBound + tail, updated.prefix(range.lowerBound) == bytes.prefix(range.lowerBound),
                  updated.suffix(tail) == bytes.suffix(tail) else {
                Self.record(seed, bytes, "bytes outside \(range) changed: \(swiftLiteral(updated))"); return
            }
            let relab = try LabParser.parse(bytes: updated, path: "lab.md")
            let before = lab.cells.flatMap(\.outputs), after = relab.cells.flatMap(\.outputs)
            let expected = before.map { $0.block == output.block ? text : $0.block.code }
            guard relab.cells.count == lab.cells.count, after.map(\.scenarios) == before.map(\.scenarios),
                  after.map(\.block.code) == expected else {
                Self.record(seed, bytes, "after writing \(text.debugDescription): \(swiftLiteral(updated))"); return
            }
            // And the updated lab now says what was printed: a second update has nothing to do.
            let (again, _) = OutputUpdater.plan(relab, verdicts: Self.verdicts(relab, Self.asWritten), appleAvailable: false)
            if !again.isEmpty { Self.record(seed, bytes, "a second update planned \(again.count) edits"); return }
        }
    }
}
