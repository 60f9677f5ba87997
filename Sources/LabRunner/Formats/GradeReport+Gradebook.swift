/// A lab's part of the gradebook: its columns from the key, its cells from the grade report.
extension Gradebook.LabLayout {
    /// The key's exercises, each with its checks: per scenario, its visible checked cells then its
    /// hidden ones, as a graded submission's checks are numbered (`Gradebook.checkLabel`).
    package init(key: Lab, name: String, appleAvailable: Bool) {
        self.init(name: name, exercises: key.exercises.map { exercise in
            let cells = key.checkedCells(of: exercise, appleAvailable: appleAvailable)
            let visible = cells.filter { !$0.isHidden }.count, hidden = cells.filter(\.isHidden).count
            let checks = exercise.isManual ? [] : key.scenarios.flatMap { scenario in
                (0..<visible).map { "\(scenario) cell \($0 + 1)" } + (0..<hidden).map { "\(scenario) hidden \($0 + 1)" }
            }
            return Exercise(id: exercise.id, outOf: exercise.points, manual: exercise.isManual, checks: checks)
        })
    }
}

extension Gradebook {
    /// The column of one check of a graded lab: `SCENARIO cell N` for the exercise's N-th visible
    /// checked cell, `SCENARIO hidden N` for its N-th hidden check; nil for a deleted cell's check.
    static func checkLabel(_ check: ExerciseCheck, exercise index: Int, in graded: Lab, appleAvailable: Bool) -> String? {
        guard check.cellIndex >= 0, graded.exercises.indices.contains(index),
              let cell = graded.cells.first(where: { $0.index == check.cellIndex }) else { return nil }
        let same = graded.checkedCells(of: graded.exercises[index], appleAvailable: appleAvailable).filter { $0.isHidden == cell.isHidden }
        guard let position = same.firstIndex(where: { $0.index == cell.index }) else { return nil }
        return "\(check.scenario) \(cell.isHidden ? "hidden" : "cell") \(position + 1)"
    }
}

extension GradeReport {
    /// Each student's grade in this lab, for the gradebook.
    package var gradebookResults: [String: Gradebook.LabResult] {
        var results: [String: Gradebook.LabResult] = [:]
        for entry in entries {
            var result = Gradebook.LabResult()
            for (index, exercise) in entry.points.enumerated() where !exercise.manual {
                result.earned[exercise.id] = exercise.earned
                let labels = index < entry.checkLabels.count ? entry.checkLabels[index] : []
                result.passed[exercise.id] = Set(zip(exercise.checks, labels).compactMap { check, label in check.passed ? label : nil })
            }
            let whole = entry.wholeBuild.map { "did not compile: " + $0 }
            result.notes = zip(entry.points, entry.notes).compactMap { exercise, note in
                note.isEmpty || exercise.manual || note == whole ? nil : "\(exercise.id): \(note)"
            }
            if let whole { result.notes.append(whole) }
            if case .invalid = entry.file.content { result.notes.append("not a valid lab") }
            if case .unreadable(let error) = entry.file.content {
                result.notes.append(GradeReport.unreadable(error) == "unreadable" ? "unreadable" : "a symbolic link")
            }
            if !entry.warning.isEmpty { result.notes.append(entry.warning) }
            results[entry.key] = result
        }
        return results
    }
}
