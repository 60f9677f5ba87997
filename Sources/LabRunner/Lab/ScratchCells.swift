/// Scratch cells: output shown, never compared. A cell marked `scratch`, and every visible cell of
/// an exercise that has no output block, so that a student's `print` while working on an exercise
/// does not fail the run or the grade. A hidden check is never scratch: its output is the key's.
extension Lab {
    func isScratch(_ cell: Cell) -> Bool {
        guard cell.role == .program, !cell.isHidden else { return false }
        return cell.attributes.contains(.scratch) || (cell.outputs.isEmpty && exercise(containing: cell) != nil)
    }
}
