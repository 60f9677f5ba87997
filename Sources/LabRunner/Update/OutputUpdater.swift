/// What `--update` plans for one program of a lab, or would not do.
package struct UpdateSummary: Sendable, Equatable {
    var rewritten = 0
    var inserted = 0
    /// Scenarios whose mismatching outputs the update writes into the lab.
    package var updatedScenarios: Set<String> = []
    /// Why parts of the lab were left alone.
    package var notes: [String] = []

    /// `diagnostics` blocks of `compile_fail` cells rewritten.
    var diagnosticsRewritten = 0
    /// A guide's `// Prints` comments rewritten, and the lines of the samples they belong to.
    var printsRewritten = 0
    package var updatedSamples: Set<Int> = []

    package var hasEdits: Bool { rewritten + inserted + diagnosticsRewritten + printsRewritten > 0 }

    /// What changes, in words: `updated: 1 output block rewritten, 0 inserted`.
    var changeLines: [String] {
        var out: [String] = []
        if rewritten + inserted > 0 {
            out.append("updated: \(rewritten) output block\(rewritten == 1 ? "" : "s") rewritten, \(inserted) inserted")
        }
        if diagnosticsRewritten > 0 {
            out.append("updated: the diagnostics block")
        }
        if printsRewritten > 0 {
            out.append("updated: \(printsRewritten) // Prints comment\(printsRewritten == 1 ? "" : "s") rewritten")
        }
        return out
    }
}

/// Plans the edits that make a lab's output blocks say what its cells printed.
///
/// Only scenarios that ran to completion are used. A block is rewritten only when some scenario
/// it covers no longer matches it, and then through `TranscriptComparison.reconciled`, so wildcard
/// lines that still match survive. Scenarios that now print something different from the others
/// sharing a block, or that have no block, get a new block after the cell's existing ones.
package enum OutputUpdater {
    package static func plan(_ lab: Lab, verdicts: [ScenarioVerdict], appleAvailable: Bool) -> ([DocumentEdit], UpdateSummary) {
        var edits: [DocumentEdit] = []
        var summary = UpdateSummary()
        let complete = verdicts.filter(\.isComplete)
        for verdict in verdicts where !verdict.isComplete {
            let reason = verdict.problem != nil ? "it did not run to completion" : "its output differed between runs"
            summary.notes.append("not updated for scenario \(verdict.scenario): \(reason)")
        }
        // A scratch cell's output is never a transcript: nothing to write back.
        // A key's exercise cell that prints without a block gets one: it is a check (`isUncheckedCheck`).
        for cell in lab.compiledCells where (appleAvailable || !cell.needsApple) && (!lab.isScratch(cell) || lab.isUncheckedCheck(cell)) {
            let garbled = complete.filter { $0.nonUTF8Cells.contains(cell.index) }.map(\.scenario)
            if !garbled.isEmpty {
                // Writing U+FFFD would make the block match forever while hiding what the cell
                // really prints; the diff shows U+FFFD, the author decides.
                summary.notes.append("not updated: the cell at line \(cell.line) printed bytes that are not UTF-8 (shown as \u{FFFD}) in scenario\(garbled.count == 1 ? "" : "s") \(garbled.joined(separator: ", "))")
                continue
            }
            let runs = complete.compactMap { verdict in verdict.actualOutputs[cell.index].map { (verdict.scenario, $0) } }
            guard !runs.isEmpty else { continue }
            let (cellEdits, changedScenarios, cellSummary) = plan(cell, runs: runs, lab: lab)
            edits += cellEdits
            summary.rewritten += cellSummary.rewritten
            summary.inserted += cellSummary.inserted
            summary.notes += cellSummary.notes
            summary.updatedScenarios.formUnion(changedScenarios)
        }
        return (edits, summary)
    }

    private static func plan(_ cell: Cell, runs: [(scenario: String, output: String)], lab: Lab) -> ([DocumentEdit], Set<String>, UpdateSummary) {
        var edits: [DocumentEdit] = []
        var changed = Set<String>()
        var summary = UpdateSummary()
        var newBlocks: [(scenarios: [String], text: String)] = []

        for expected in cell.outputs {
            let covered = runs.filter { cell.expectedOutput(for: $0.scenario)?.block == expected.block }
            guard !covered.isEmpty else { continue }
            let comparisons = covered.map { TranscriptComparison(expected: expected.block.code, actual: $0.output) }
            guard comparisons.contains(where: { !$0.isMatch }) else { continue }
            changed.formUnion(zip(covered, comparisons).filter { !$0.1.isMatch }.map(\.0.scenario))
            let groups = group(zip(covered.map(\.scenario), comparisons.map(\.reconciled)))
            let keep = groups.max { $0.scenarios.count < $1.scenarios.count }!
            let movedOut = groups.filter { $0.text != keep.text }
            newBlocks += movedOut
            let writer = OutputBlockWriter(matching: expected.block, in: lab.source)
            // A block that splits names the scenarios it keeps: an unnamed block beside named ones
            // reads as if it held for every scenario.
            let mustRename = !movedOut.isEmpty
            if mustRename || closesEarly(keep.text, block: expected.block) {
                let names = mustRename
                    ? lab.scenarios.filter { name in
                        cell.expectedOutput(for: name)?.block == expected.block && !movedOut.contains { $0.scenarios.contains(name) }
                    }
                    : expected.scenarios
                edits.append(replaceWhole(expected.block, names: names, text: keep.text, writer: writer, source: lab.source))
                summary.rewritten += 1
            } else if keep.text != TranscriptComparison(expected: expected.block.code, actual: expected.block.code).reconciled {
                edits.append(writer.contentEdit(of: expected.block, in: lab.source, text: keep.text))
                summary.rewritten += 1
            }
        }

        let uncovered = runs.filter { cell.expectedOutput(for: $0.scenario) == nil }
        let printed = group(uncovered.map { ($0.scenario, TranscriptComparison(expected: "", actual: $0.output).reconciled) })
            .filter { !$0.text.isEmpty }
        for group in printed { changed.formUnion(group.scenarios) }
        newBlocks += printed

        if !newBlocks.isEmpty {
            let anchor = cell.outputs.last?.block ?? cell.block
            if anchor.closingLine == nil {
                summary.notes.append("not inserted: output for the cell at line \(cell.line), because the fence at line \(anchor.openingLine) is never closed")
            } else {
                let writer = OutputBlockWriter(matching: cell.block, in: lab.source)
                var text = ""
                let hasPlain = cell.outputs.contains { $0.scenarios.isEmpty }
                for block in newBlocks {
                    let everyScenario = !hasPlain && Set(block.scenarios) == Set(lab.scenarios)
                    let info = everyScenario ? "output" : "output " + block.scenarios.joined(separator: " ")
                    text += writer.block(info: info, text: block.text)
                }
                let endsWithNewline = anchor.blockRange.upperBound > 0
                    && [UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(lab.source.bytes[anchor.blockRange.upperBound - 1])
                if !endsWithNewline { text = writer.lineEnding + text }
                let end = anchor.blockRange.upperBound
                edits.append(DocumentEdit(range: end..<end, replacement: OutputBlockWriter.separated(text, before: end, in: lab.source)))
                summary.inserted += newBlocks.count
            }
        }
        return (edits, changed, summary)
    }

    /// Scenarios with identical text, in first-seen order.
    private static func group<S: Sequence>(_ pairs: S) -> [(scenarios: [String], text: String)] where S.Element == (String, String) {
        var groups: [(scenarios: [String], text: String)] = []
        for (scenario, text) in pairs {
            if let i = groups.firstIndex(where: { $0.text == text }) { groups[i].scenarios.append(scenario) }
            else { groups.append(([scenario], text)) }
        }
        return groups
    }

    /// True when a line of `text` would close `block`'s fence if written inside it.
    private static func closesEarly(_ text: String, block: FencedBlock) -> Bool {
        let character = Character(UnicodeScalar(block.fenceCharacter))
        return OutputBlockWriter.fenceLength(for: text, character: character, minimum: block.fenceLength) > block.fenceLength
    }

    /// Rewrites a block from its opening line on: needed to change its scenarios or lengthen its fence.
    private static func replaceWhole(_ block: FencedBlock, names: [String], text: String, writer: OutputBlockWriter, source: MarkdownSource) -> DocumentEdit {
        let opening = source.lines[block.openingLine - 1]
        let fenceStart = source.bytes[opening.start..<opening.contentEnd].firstIndex(of: block.fenceCharacter) ?? opening.start
        let lead = String(decoding: source.bytes[opening.start..<fenceStart], as: UTF8.self)
        let fence = String(repeating: Character(UnicodeScalar(block.fenceCharacter)),
                           count: OutputBlockWriter.fenceLength(for: text, character: Character(UnicodeScalar(block.fenceCharacter)), minimum: block.fenceLength))
        let info = (["output"] + names).joined(separator: " ")
        var replacement = lead + fence + info + writer.lineEnding + writer.content(text)
        var end = block.blockRange.upperBound
        if block.closingLine != nil {
            replacement += writer.prefix + fence + writer.lineEnding
        } else {
            end = block.contentRange.upperBound
        }
        let closing = block.closingLine.map { source.lines[$0 - 1] }
        if let closing, closing.end == closing.contentEnd {
            // The closing fence was the file's last line without a line ending: keep it that way.
            replacement.removeLast(writer.lineEnding.count)
        }
        return DocumentEdit(range: block.blockRange.lowerBound..<end, replacement: OutputBlockWriter.separated(replacement, before: end, in: source))
    }
}

extension UpdateSummary {
    package init(notes: [String]) {
        self.init()
        self.notes = notes
    }
}
