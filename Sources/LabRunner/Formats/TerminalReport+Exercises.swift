/// The exercises of a lab in the terminal: an instructor sees a failure per exercise that checks
/// nothing; a student sees done or not yet, with the hint.
extension TerminalReport {
    func exerciseLines(_ exercises: [ExerciseReport], path: String) -> [String] {
        guard !exercises.isEmpty else { return [] }
        let written = exercises.filter { $0.status == .awaitingInstructor }
        let writtenLine = written.isEmpty ? [] : ["  " + style.dim("written: \(written.map(\.id).joined(separator: ", ")) "
            + "(\(written.reduce(0) { $0 + $1.points }) points), graded by the instructor")]
        let exercises = exercises.filter { $0.status != .awaitingInstructor }
        guard !exercises.isEmpty else { return writtenLine }
        let isKey = exercises.contains { if case .stubFails = $0.status { true } else { $0.isFailure } }
            || exercises.contains { if case .notChecked = $0.status { true } else { false } }
        if isKey {
            return exercises.map { exercise in
                let name = "exercise '\(exercise.id)'"
                if exercise.isFailure {
                    var line = exercise.line
                    if case .uncheckedCell(let cellLine) = exercise.status { line = cellLine }
                    return "  " + style.red("FAIL") + "  " + "\(path):\(line): error: \(name): \(exercise.message)"
                }
                if case .notChecked = exercise.status {
                    return "  " + style.yellow("SKIP") + "  \(name): \(exercise.message)"
                }
                return "  " + style.green("PASS") + "  \(name): \(exercise.message)"
            } + writtenLine
        }
        let done = exercises.filter { $0.status == .done }
        let points = done.reduce(0) { $0 + $1.points }, total = exercises.reduce(0) { $0 + $1.points }
        // Hidden checks the student's copy lacks: the points are those of the visible checks.
        let hidden = exercises.reduce(0) { $0 + $1.hiddenChecksNotRun }
        let pointsText = "\(points) of \(total) point\(total == 1 ? "" : "s")" + (hidden == 0 ? ""
            : " by the visible checks; \(hidden) hidden check\(hidden == 1 ? "" : "s") run\(hidden == 1 ? "s" : "") only when graded")
        var out = ["  exercises: \(done.count) of \(exercises.count) done (\(pointsText))"]
        for exercise in exercises {
            let title = exercise.title.map { "  " + style.dim($0) } ?? ""
            let checks = exercise.checksLine.map { "             " + style.dim($0) }
            if exercise.status == .done {
                out.append("    " + style.green("done") + "     \(exercise.id)" + title)
                out += checks.map { [$0] } ?? []
                continue
            }
            // Line 0: a graded submission lost the exercise's marker; there is no line of its own to cite.
            out.append("    " + style.yellow("not yet") + "  \(exercise.id)" + title + (exercise.line > 0 ? "  (\(path):\(exercise.line))" : ""))
            out += checks.map { [$0] } ?? []
            if exercise.message != "not yet" { out.append("             " + style.dim(String(exercise.message.dropFirst("not yet ".count)))) }
            if !exercise.followingFailures.isEmpty {
                let lines = exercise.followingFailures.map(String.init).joined(separator: ", ")
                out.append("             " + style.dim("the wrong output of the cell\(exercise.followingFailures.count == 1 ? "" : "s") at line\(exercise.followingFailures.count == 1 ? "" : "s") \(lines) follows from this exercise"))
            }
            let hint = exercise.hint.split(separator: "\n", omittingEmptySubsequences: false)
            if !exercise.hint.isEmpty {
                out += hint.enumerated().map { index, line in "             " + (index == 0 ? style.cyan("hint: ") : "      ") + line }
            }
        }
        return out + writtenLine
    }
}
