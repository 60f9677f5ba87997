/// What a graded submission's feedback keeps to itself: the key's hidden checks (their code,
/// expected output and what they printed) and every line of the key, which the graded lab's
/// source holds after the submission's own (`SubmissionBounds`). A failing hidden check is
/// named, with its exercise and scenario, and nothing more.
extension Lab {
    /// True when reports must not show `cell`'s code or outputs, nor cite its lines.
    func conceals(_ cell: Cell) -> Bool {
        submission != nil && (cell.isHidden || !(submission?.isOwn(cell.line) ?? true))
    }

    /// True when `line` is the key's, not the submission's: a report must not cite it.
    func conceals(line: Int) -> Bool {
        submission.map { !$0.isOwn(line) } ?? false
    }

    /// How a report names one check of an exercise: `the cell at line 12 in scenario mock`, or
    /// for the key's hidden checks, which a student never sees, `hidden check 2 of exercise 'x'`.
    func checkName(_ check: FlakyCheck) -> String {
        checkName(cellIndex: check.cellIndex) + " in scenario \(check.scenario)"
    }

    /// `the cell at line 12`, or `hidden check 2 of exercise 'x'` (counted within its exercise, from 1).
    func checkName(cellIndex: Int) -> String {
        guard let cell = cells.first(where: { $0.index == cellIndex }) else { return "cell \(cellIndex + 1)" }
        // A cell past the submission's own lines is the key's: its line is not the student's.
        guard cell.isHidden else { return conceals(line: cell.line) ? "a hidden check" : "the cell at line \(cell.line)" }
        guard let exercise = exercise(containing: cell) else { return "a hidden check" }
        let number = (cells(of: exercise).filter(\.isHidden).firstIndex { $0.index == cellIndex } ?? 0) + 1
        return "hidden check \(number) of exercise '\(exercise.id)'"
    }

    /// A run's standard error without what was written while one of the key's cells ran (a
    /// hidden check's messages, or the student's code it called writing the check's arguments).
    /// A verdict not made from a real run (a test's) has no cells to go by: its stderr as it is.
    func shownStderr(of verdict: ScenarioVerdict) -> String {
        guard submission != nil, let segments = verdict.stderrByCell else { return verdict.stderr }
        return segments.filter { segment in
            guard let index = segment.cell, let cell = cells.first(where: { $0.index == index }) else { return true }
            return !conceals(cell)
        }.map(\.text).joined()
    }

    /// Standard error as a student may read it: a line that cites one of the key's lines (a trap
    /// in a hidden check) is replaced by a note.
    func concealingKeyLines(_ text: String) -> String {
        guard let submission else { return text }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var rest = Substring(line)
            while let found = rest.range(of: name + ":") {
                let digits = rest[found.upperBound...].prefix { $0.isASCII && $0.isNumber }
                if let number = Int(digits), !submission.isOwn(number) { return "(a line of the instructor's hidden checks)" }
                rest = rest[found.upperBound...]
            }
            return String(line)
        }.joined(separator: "\n")
    }
}
