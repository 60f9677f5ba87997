/// Grading each exercise on its own: a submission that does not compile is built again with the
/// key's stub in place of each exercise its errors are in (the stub is checked to compile), so
/// one exercise's compile error costs that exercise's points and no other's, as nbgrader grades
/// each answer on its own.
extension DocumentPipeline {
    /// The graded lab and its run: `graded` as it is when it compiles; else built with the stubs
    /// of the exercises the errors are in, again until it compiles (an exercise that used a broken
    /// one's code fails next), with each such exercise's errors. When an error is outside every
    /// exercise (or the stubs do not help), the submission's own build, which grades nothing.
    func runApart(_ graded: Lab, submission: Lab, assemble: (Set<String>) -> Lab) -> (lab: Lab, outcome: LabOutcome, errors: [String: [Diagnostic]]) {
        let first = run(graded)
        var lab = graded, outcome = first
        var errors: [String: [Diagnostic]] = [:]
        while case .compileFailed(let diagnostics, _) = outcome.status {
            guard let found = Self.exercises(of: diagnostics, in: lab, submission: submission), found.keys.allSatisfy({ errors[$0] == nil }) else {
                return (graded, first, [:])
            }
            errors.merge(found) { old, _ in old }
            lab = assemble(Set(errors.keys))
            outcome = run(lab)
        }
        return (lab, outcome, errors)
    }

    /// The errors (with their notes) of each checked exercise they are in, by id: at a line of
    /// the submission, the exercise whose markers hold it (a cell the student added counts);
    /// past them, the exercise of the key's hidden check. Nil when one is outside every checked
    /// exercise (or has no line in the lab).
    static func exercises(of diagnostics: [Diagnostic], in lab: Lab, submission: Lab) -> [String: [Diagnostic]]? {
        var found: [String: [Diagnostic]] = [:]
        var current: String? = nil
        for diagnostic in diagnostics {
            // A note belongs to the error before it.
            if diagnostic.severity != .error {
                if let current, diagnostic.severity == .note { found[current, default: []].append(diagnostic) }
                continue
            }
            guard let location = diagnostic.location, location.path == lab.path,
                  let id = exercise(at: location.line, in: lab, submission: submission),
                  lab.exercises.contains(where: { $0.id == id && !$0.isManual }) else { return nil }
            found[id, default: []].append(diagnostic)
            current = id
        }
        return found.isEmpty ? nil : found
    }

    private static func exercise(at line: Int, in lab: Lab, submission: Lab) -> String? {
        if lab.submission?.isOwn(line) ?? false {
            let cell = submission.cells.first { $0.codeLines?.contains(line) == true }
            return cell.flatMap { submission.exercise(containing: $0)?.id }
        }
        let cell = lab.cells.first { $0.codeLines?.contains(line) == true }
        return cell.flatMap { lab.exercise(containing: $0)?.id }
    }
}
