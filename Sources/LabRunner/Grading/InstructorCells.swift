/// What the instructor wrote in a gradebook a run reads back: each filled `late` or written
/// exercise's cell, by student and column, with where it is. A new run keeps these, and only
/// these; it refuses to run when one of them would have no place in the new gradebook (a student
/// or a lab not graded this time), since losing an instructor's grades is the worst it could do.
package struct InstructorCells: Sendable, Equatable {
    package struct Cell: Sendable, Equatable {
        package let student: String
        /// The column's name (`lab01/explain (written)`, `late`).
        package let header: String
        package let text: String
        /// Where the cell is in the gradebook file (1-based).
        package let line: Int
        package let column: Int

        package init(student: String, header: String, text: String, line: Int, column: Int) {
            self.student = student
            self.header = header
            self.text = text
            self.line = line
            self.column = column
        }
    }

    package let path: String
    package private(set) var cells: [Cell] = []
    /// The header cells of the labs' totals (`lab02 total`): the labs the gradebook holds, each
    /// of which a run must grade again, or the new gradebook would drop its columns.
    package private(set) var labTotals: [Cell] = []

    package init(path: String, cells: [Cell] = [], labTotals: [Cell] = []) {
        self.path = path
        self.cells = cells
        self.labTotals = labTotals
    }

    /// The instructor's text for `student` in `column`; "" when none.
    package func text(student: String, column: String) -> String {
        cells.first { $0.student == student && $0.header == column }?.text ?? ""
    }

    /// Written exercises' points given as text: decimal digits with an optional `.` fraction.
    package static func points(_ text: String) -> Double? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), parts.count == 1 || !parts[1].isEmpty
        else { return nil }
        return Double(text)
    }

    /// Checks that every cell has its place in a gradebook of `columns` for `students`, and that
    /// a written exercise's points are at most its points there; the first cell that has not, as an error.
    package func check(columns: [GradebookColumn], students: [String]) -> GradebookError? {
        for total in labTotals where !columns.contains(where: { $0.name == total.header }) {
            let lab = String(total.header.dropLast(" total".count))
            return GradebookError(path: path, line: total.line, column: total.column, message: "this gradebook holds lab '\(lab)', which this "
                                  + "run does not grade, so the new gradebook would drop its columns: grade every lab of the gradebook at once "
                                  + "(a --key for each, or their folder), or give this run another -o folder; nothing was graded or written")
        }
        for cell in cells {
            func error(_ message: String) -> GradebookError {
                GradebookError(path: path, line: cell.line, column: cell.column, message: message
                               + "; nothing was graded or written (keep \(path) as it is, or move it away to start a new gradebook)")
            }
            guard students.contains(cell.student) else {
                return error("'\(cell.student)' has '\(cell.text)' in '\(cell.header)', but is not among this run's submissions, "
                             + "so the new gradebook would lose it: grade that submission too")
            }
            guard let column = columns.first(where: { $0.name == cell.header }) else {
                return error("'\(cell.student)' has '\(cell.text)' in '\(cell.header)', a column this run does not write "
                             + "(its lab or exercise is not graded this time), so the new gradebook would lose it: grade every lab of the gradebook at once")
            }
            if case .exercise(let outOf, true) = column.kind, let points = Self.points(cell.text), points > Double(outOf) {
                return error("'\(cell.student)' has \(cell.text) points in '\(cell.header)', more than its \(outOf) now")
            }
        }
        return nil
    }
}
