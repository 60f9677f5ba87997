/// One exercise of one submission, graded.
package struct ExerciseGrade: Sendable, Equatable {
    package let id: String
    package var earned: Int
    package let outOf: Int
    /// Checks that printed differently between repeated runs (`grade --repeat`): the exercise
    /// scores 0 however many runs matched, and the instructor is told which checks.
    package var flaky: [FlakyCheck] = []
    /// Why the exercise was not graded (its markers are gone from the submission), if so.
    package var missing: String? = nil
}

/// One submission's grade: points per exercise of the key, and the run they come from.
package struct GradeOutcome: Sendable {
    package let student: String
    /// The submission as run (its file could not be read or parsed: `.unreadable`/`.invalid`).
    package let file: FileOutcome
    /// Points earned per exercise of the key, in the key's order (all zero when it did not compile).
    package let points: [ExerciseGrade]
    /// Exercise markers of the submission that could not be read (each at its line): the
    /// exercises they delimited score 0, the rest of the file is graded.
    package var damage: [LabError] = []
}

extension DocumentPipeline {
    /// Runs `submissionPath` against the key: the submission's code with the key's outputs and
    /// hidden checks, `repeats` times per scenario.
    package func grade(key: Lab, submissionPath: String, student: String) -> GradeOutcome {
        var points = key.exercises.map { ExerciseGrade(id: $0.id, earned: 0, outOf: $0.points) }
        let bytes: [UInt8]
        do { bytes = try DocumentFile.read(submissionPath) } catch {
            return GradeOutcome(student: student, file: FileOutcome(path: submissionPath, content: .unreadable(error)), points: points)
        }
        let parsed: (lab: Lab, damage: [LabError])
        do { parsed = try LabParser.parseSubmission(bytes: bytes, path: submissionPath, bareLanguage: bareLanguage) } catch {
            return GradeOutcome(student: student, file: FileOutcome(path: submissionPath, content: .invalid(error, bytes: bytes)),
                                points: points)
        }
        let damage = parsed.damage.first.map { "\($0.location): \($0.message)" }
        let graded = GradedLab.assemble(key: key, submission: parsed.lab, damage: damage)
        var outcome = run(graded)
        outcome.part = .program
        for index in points.indices { points[index].missing = graded.submission?.missingExercises[points[index].id] }
        if case .ran(let verdicts) = outcome.status {
            let judged = ExerciseVerdict.judge(graded, verdicts: verdicts, appleAvailable: appleAvailable)
            for (index, verdict) in judged.enumerated() {
                if verdict.isDone { points[index].earned = points[index].outOf }
                if case .flaky(let checks) = verdict { points[index].flaky = checks }
            }
        }
        return GradeOutcome(student: student, file: FileOutcome(path: submissionPath, content: .lab(graded, parts: [outcome])),
                            points: points, damage: parsed.damage)
    }
}
