/// What a lab assembled for grading (`GradedLab`) tells its reports: its source is the
/// submission's lines followed by the key's (hidden checks, expected outputs), and a student's
/// feedback must neither show the key's code and outputs nor cite its lines.
struct SubmissionBounds: Sendable {
    /// Lines of the submission: a line beyond this one is the key's.
    let ownLineCount: Int
    /// Exercises of the key that the submission's markers no longer delimit, by id, with why:
    /// they score 0, the others are graded.
    var missingExercises: [String: String] = [:]
    /// Exercises whose code did not compile, by id: built as the key's stub and scored 0, so
    /// the others are graded on their own.
    var brokenExercises: Set<String> = []

    /// True when `line` is one of the submission's own lines.
    func isOwn(_ line: Int) -> Bool { line >= 1 && line <= ownLineCount }
}
