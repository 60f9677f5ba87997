/// What `html --key` writes over an instructor's cells, by the cell's opening line: a hidden
/// check, or a cell holding solutions (with their lines), so a page or notebook of the key can
/// never be mistaken for the handout. Read from the lab's bytes, parsed as the run parsed them.
package struct KeyLabels: Sendable {
    private(set) var labels: [Int: String] = [:]

    package init() {}

    /// The labels of `file`'s cells; none for a guide or a file that is not a valid lab.
    package init(_ file: FileReport) {
        guard case .lab(_, _, let document) = file.content,
              let lab = try? LabParser.parse(bytes: document, path: file.path), !lab.isGuide else { return }
        for cell in lab.cells {
            if cell.isHidden {
                labels[cell.line] = "Hidden check (instructor only): grading runs it; the students' copy leaves it out"
            } else if !cell.solutions.isEmpty {
                let lines = cell.solutions.map { region in "\(region.ifLine)–\(region.endifLine)" }.joined(separator: ", ")
                labels[cell.line] = "Solution (instructor only): the students' copy keeps only the stub of lines \(lines)"
            }
        }
    }

    /// The label of the cell opening at `line`, if it is the instructor's.
    package func label(at line: Int) -> String? { labels[line] }
}
