/// Scratch cells: output shown, never compared. A cell marked `scratch`, and every visible cell of
/// an exercise that has no output block, so that a student's `print` while working on an exercise
/// does not fail the run or the grade. A hidden check is never scratch: its output is the key's.
extension Lab {
    func isScratch(_ cell: Cell) -> Bool {
        guard cell.role == .program, !cell.isHidden else { return false }
        return cell.attributes.contains(.scratch) || (cell.outputs.isEmpty && exercise(containing: cell) != nil)
    }

    /// A cell of a key's exercise that would be scratch only for lacking its output block: not
    /// marked `scratch`, holding no solution (the stub's cell is where a student scribbles). When
    /// it prints, the key's run fails at its line, and `--update` writes its block.
    func isUncheckedCheck(_ cell: Cell) -> Bool {
        hasSolutions && cell.role == .program && !cell.isHidden && !cell.isSkipped && cell.outputs.isEmpty
            && cell.solutions.isEmpty && !cell.attributes.contains(.scratch)
            && exercise(containing: cell).map { !$0.isManual } == true
    }
}
