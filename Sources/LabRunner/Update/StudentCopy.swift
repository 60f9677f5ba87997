/// The students' copy of an instructor's lab: each solution region's lines removed but its stub
/// (for `#if SOLUTION` … `#else` stub `#endif`, the `#if SOLUTION` … `#else` lines and `#endif`), hidden checks removed with their directive and output
/// blocks, each exercise's directive saying how many it had (`hidden=N`). Every other byte is the original's.
package enum StudentCopy {
    package static func bytes(of lab: Lab) -> [UInt8] {
        DocumentEdit.apply(edits(for: lab), to: lab.source.bytes)
    }

    static func edits(for lab: Lab) -> [DocumentEdit] {
        let lines = lab.source.lines
        func wholeLines(_ first: Int, _ last: Int) -> DocumentEdit {
            DocumentEdit(range: lines[first - 1].start..<lines[last - 1].end, replacement: [])
        }
        var edits: [DocumentEdit] = []
        for exercise in lab.checkedExercises {
            let hidden = lab.cells(of: exercise).filter(\.isHidden).count
            if hidden > 0, let edit = announcing(hidden: hidden, at: exercise.line, in: lab.source) { edits.append(edit) }
        }
        for cell in lab.cells {
            if cell.isHidden {
                var start = cell.block.blockRange.lowerBound
                if cell.line > 1, let directive = LabDirective.parse(line: cell.line - 1, in: lab.source),
                   directive.attributeWords.contains(where: { $0.text == CellAttribute.hidden.rawValue }) {
                    start = lines[cell.line - 2].start
                }
                edits.append(DocumentEdit(range: start..<cell.block.blockRange.upperBound, replacement: []))
                edits += cell.outputs.map { DocumentEdit(range: $0.block.blockRange, replacement: []) }
                continue
            }
            for region in cell.solutions {
                // Every line but the stub's: the directives and the branches compiled with SOLUTION.
                edits.append(wholeLines(region.ifLine, region.stubStart))
                edits.append(wholeLines(region.stubEnd, region.endifLine))
            }
        }
        return edits
    }
}

extension StudentCopy {
    /// The exercise directive at `line` saying `hidden=N` (its own value replaced, or the pair
    /// added before `-->`): a student's run names the hidden checks it cannot run.
    static func announcing(hidden: Int, at line: Int, in source: MarkdownSource) -> DocumentEdit? {
        guard let directive = ExerciseDirective.parse(line: line, in: source) else { return nil }
        let start = source.lines[line - 1].start
        let bytes = source.bytes[start..<source.lines[line - 1].contentEnd]
        if let pair = directive.pairs.first(where: { $0.key == "hidden" }) {
            let valueStart = start + pair.column - 1 + "hidden=".utf8.count
            let valueEnd = bytes[valueStart...].firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == UInt8(ascii: "-") } ?? valueStart
            return DocumentEdit(range: valueStart..<valueEnd, replacement: Array("\(hidden)".utf8))
        }
        guard let close = bytes.indices.last(where: { bytes[$0] == UInt8(ascii: ">") }), close - 2 >= bytes.startIndex else { return nil }
        let arrow = close - 2
        let spaced = arrow > bytes.startIndex && (bytes[arrow - 1] == 0x20 || bytes[arrow - 1] == 0x09)
        return DocumentEdit(range: arrow..<arrow, replacement: Array(((spaced ? "" : " ") + "hidden=\(hidden) ").utf8))
    }

    /// Whether the copy of `lab` needs checking (it has exercises).
    package static func hasExercises(_ lab: Lab) -> Bool { !lab.exercises.isEmpty }
}
