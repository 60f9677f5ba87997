/// Names a line of the kernel's lab document the way a notebook's reader finds it: `cell [3],
/// line 2, column 5` (the cell's execution count, the line within the cell).
struct KernelCellNames: Sendable {
    let cells: [KernelNotebook.Cell]
    /// The opening fence line of each cell in the document.
    let lines: [Int]

    /// The cell holding document line `line` and the line within it, nil outside every cell.
    func place(ofLine line: Int) -> (cell: KernelNotebook.Cell, line: Int)? {
        guard let index = lines.lastIndex(where: { $0 < line }) else { return nil }
        return (cells[index], line - lines[index])
    }

    func name(of cell: KernelNotebook.Cell) -> String { "cell [\(cell.count)]" }

    /// The cell whose lab index is `index` (cells are numbered in document order from 0).
    func name(ofLabCell index: Int) -> String {
        cells.indices.contains(index) ? name(of: cells[index]) : "cell \(index)"
    }

    /// A compiler error as `cell [3], line 2, column 5: error: message`.
    func describe(_ diagnostic: Diagnostic) -> String {
        guard let location = diagnostic.location, !diagnostic.inPrelude, let place = place(ofLine: location.line) else {
            return "error: \(diagnostic.message)"
        }
        let column = location.column.map { ", column \($0)" } ?? ""
        return "\(name(of: place.cell)), line \(place.line)\(column): error: \(diagnostic.message)"
    }
}
