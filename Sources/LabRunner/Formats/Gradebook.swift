/// The course's gradebook (`grade -o DIR` writes `DIR/gradebook.csv`): a row per student, a
/// column per exercise and per check of every lab graded, each lab's total and the overall one,
/// written exercises' cells left to the instructor and kept from the gradebook a run reads back.
/// A row `(out of)` after the header holds each exercise's and total's points.
package struct Gradebook: Sendable {
    /// What a lab's key decides of its columns: its exercises and their checks.
    package struct LabLayout: Sendable {
        package struct Exercise: Sendable {
            package let id: String
            package let outOf: Int
            package let manual: Bool
            /// `mock cell 1`, `mock hidden 1`: per scenario, the visible checks, then the hidden ones.
            package let checks: [String]
        }
        /// The key's file name without `.md`.
        package let name: String
        package let exercises: [Exercise]
    }

    /// One student's grade in one lab.
    package struct LabResult: Sendable {
        /// Points per exercise id (written exercises' are the instructor's, not here).
        package var earned: [String: Double] = [:]
        /// Per exercise id, each check's label and whether it passed; a check not here failed.
        package var passed: [String: Set<String>] = [:]
        /// For the instructor: did not compile, flaky checks, locked content changed.
        package var notes: [String] = []

        package init(earned: [String: Double] = [:], passed: [String: Set<String>] = [:], notes: [String] = []) {
            self.earned = earned
            self.passed = passed
            self.notes = notes
        }
    }

    package struct Row: Sendable, Equatable {
        package let student: String
        /// One text per column, in `columns`' order.
        package let cells: [String]
    }

    package let columns: [GradebookColumn]
    package let outOf: Row
    package let rows: [Row]

    /// The columns of a gradebook of `labs`: `late`, then per lab its exercises (each followed
    /// by its checks) and its total, then `total` and `notes`.
    package static func columns(_ labs: [LabLayout]) -> [GradebookColumn] {
        var columns = [GradebookColumn(name: "late", kind: .late)]
        for lab in labs {
            for exercise in lab.exercises {
                let name = lab.name + "/" + exercise.id
                columns.append(GradebookColumn(name: name + (exercise.manual ? GradebookColumn.writtenSuffix : ""),
                                               kind: .exercise(outOf: exercise.outOf, manual: exercise.manual)))
                columns += exercise.checks.map { GradebookColumn(name: name + "/" + $0, kind: .check) }
            }
            columns.append(GradebookColumn(name: lab.name + " total", kind: .labTotal(outOf: lab.exercises.reduce(0) { $0 + $1.outOf })))
        }
        let outOf = labs.flatMap(\.exercises).reduce(0) { $0 + $1.outOf }
        return columns + [GradebookColumn(name: "total", kind: .total(outOf: outOf)), GradebookColumn(name: "notes", kind: .notes)]
    }

    /// `results[lab][student]`, nil for a student who did not submit that lab; the instructor's
    /// cells are looked up by the student's name as the CSV holds it (`CSVField.neutral`).
    package init(labs: [LabLayout], students: [String], results: [[String: LabResult]], instructor: InstructorCells) {
        columns = Self.columns(labs)
        outOf = Row(student: "(out of)", cells: columns.map { column in
            switch column.kind {
            case .exercise(let points, _), .labTotal(let points), .total(let points): String(points)
            case .late, .check, .notes: ""
            }
        })
        rows = students.map { student in
            let given = { (column: String) in instructor.text(student: CSVField.neutral(student), column: column) }
            var cells = [given("late")]
            var total = 0.0
            var notes: [String] = []
            for (lab, labResults) in zip(labs, results) {
                let result = labResults[student]
                var labTotal = 0.0
                var awaiting = 0
                if result == nil { notes.append("\(lab.name): not submitted") }
                notes += (result?.notes ?? []).map { "\(lab.name): \($0)" }
                for exercise in lab.exercises {
                    let name = lab.name + "/" + exercise.id
                    if exercise.manual {
                        let text = given(name + GradebookColumn.writtenSuffix)
                        if let points = InstructorCells.points(text) { labTotal += points } else { awaiting += exercise.outOf }
                        cells.append(text)
                    } else {
                        let earned = result?.earned[exercise.id] ?? 0
                        labTotal += earned
                        cells.append(PointsText.format(earned))
                    }
                    let passed = result?.passed[exercise.id] ?? []
                    cells += exercise.checks.map { result == nil ? "" : passed.contains($0) ? "pass" : "fail" }
                }
                if awaiting > 0, result != nil { notes.append("\(lab.name): \(awaiting) point\(awaiting == 1 ? "" : "s") of written exercises to grade") }
                cells.append(PointsText.format(labTotal))
                total += labTotal
            }
            return Row(student: student, cells: cells + [PointsText.format(total), notes.joined(separator: "; ")])
        }
    }
}
