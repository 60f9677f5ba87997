/// The students' copy of an instructor's lab: each solution region's lines removed but its stub
/// (for `#if SOLUTION` … `#else` stub `#endif`, the `#if SOLUTION` … `#else` lines and `#endif`), hidden checks removed with their directive and output
/// blocks. Every other byte is the original's.
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
    /// Whether the copy of `lab` needs checking (it has exercises).
    package static func hasExercises(_ lab: Lab) -> Bool { !lab.exercises.isEmpty }
}
