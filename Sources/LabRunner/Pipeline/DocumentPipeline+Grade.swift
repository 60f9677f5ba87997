/// One exercise of one submission, graded.
package struct ExerciseGrade: Sendable, Equatable {
    package let id: String
    /// The points of the checks passed (`CheckPoints`): a share of `outOf`, not always whole.
    package var earned: Double
    package let outOf: Int
    /// Every check of the exercise (its cells, hidden ones included, per scenario), passed or not.
    package var checks: [ExerciseCheck] = []
    /// Checks that printed differently between repeated runs (`grade --repeat`): the exercise
    /// scores 0 however many runs or other checks matched (a racy answer passes its other checks
    /// by the same luck), and the instructor is told which checks.
    package var flaky: [FlakyCheck] = []
    /// Why the exercise was not graded (its markers are gone from the submission), if so.
    package var missing: String? = nil
    /// A written exercise: its points are the instructor's to give (0 until then).
    package var manual = false
    /// The compiler's errors in the exercise's code (with their notes), when it did not compile:
    /// it was built as the key's stub and scores 0, and the other exercises were graded.
    package var compileErrors: [Diagnostic] = []
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
    /// What the submission changed outside its exercises, against the handout; nil without a handout or a valid lab.
    package var locked: LockedContent? = nil
}

extension DocumentPipeline {
    /// Runs `submission` against the key: the submission's code with the key's outputs and
    /// hidden checks, `repeats` times per scenario. Read as `SubmissionFile` reads it: a link
    /// anywhere in it is an unreadable file, nothing of its target read.
    package func grade(key: Lab, submission: SubmissionFile, student: String, handout: Lab? = nil) -> GradeOutcome {
        var points = key.exercises.map { ExerciseGrade(id: $0.id, earned: 0, outOf: $0.points, manual: $0.isManual) }
        let submissionPath = submission.path
        let bytes: [UInt8]
        do { bytes = try submission.read() } catch {
            return GradeOutcome(student: student, file: FileOutcome(path: submissionPath, content: .unreadable(error)), points: points)
        }
        let parsed: (lab: Lab, damage: [LabError])
        do { parsed = try LabParser.parseSubmission(bytes: bytes, path: submissionPath, bareLanguage: bareLanguage) } catch {
            return GradeOutcome(student: student, file: FileOutcome(path: submissionPath, content: .invalid(error, bytes: bytes)),
                                points: points)
        }
        let damage = parsed.damage.first.map { "\($0.location): \($0.message)" }
        let apart = runApart(GradedLab.assemble(key: key, submission: parsed.lab, damage: damage), submission: parsed.lab) { stubbed in
            GradedLab.assemble(key: key, submission: parsed.lab, damage: damage, stubbed: stubbed)
        }
        let graded = apart.lab
        var outcome = apart.outcome
        outcome.part = .program
        for index in points.indices where !points[index].manual {
            points[index].missing = graded.submission?.missingExercises[points[index].id]
            points[index].compileErrors = apart.errors[points[index].id] ?? []
        }
        if case .ran(let verdicts) = outcome.status {
            let judged = ExerciseVerdict.judge(graded, verdicts: verdicts, appleAvailable: appleAvailable)
            let checks = ExerciseVerdict.checks(graded, verdicts: verdicts, appleAvailable: appleAvailable)
            for (index, verdict) in judged.enumerated() where verdict != .manual {
                points[index].checks = checks[index]
                if case .flaky(let unsteady) = verdict {
                    points[index].flaky = unsteady
                    continue
                }
                // The key's checks, every one: a cell the submission deleted is a check it failed,
                // or deleting cells would raise the share of the rest.
                let keyChecks = key.checkedCells(of: key.exercises[index], appleAvailable: appleAvailable).count * verdicts.count
                let lacking = max(0, keyChecks - checks[index].count)
                points[index].checks += (0..<lacking).map {
                    ExerciseCheck(cellIndex: -1, scenario: verdicts[$0 % verdicts.count].scenario, passed: false)
                }
                // Built as its stub: whatever the stub printed, the student's code earned nothing.
                if !points[index].compileErrors.isEmpty {
                    points[index].checks = points[index].checks.map { ExerciseCheck(cellIndex: $0.cellIndex, scenario: $0.scenario, passed: false) }
                }
                let passed = points[index].checks.filter(\.passed).count
                points[index].earned = CheckPoints.earned(points: points[index].outOf, passed: passed, of: points[index].checks.count)
            }
        } else {
            // Nothing ran (an error outside the exercises): every check of the key failed, and the
            // feedback counts them (`0 of 6 checks passed`, not `0 of 0`).
            for index in points.indices where !points[index].manual {
                let cells = graded.checkedCells(of: graded.exercises[index], appleAvailable: appleAvailable)
                let keyCells = key.checkedCells(of: key.exercises[index], appleAvailable: appleAvailable).count
                points[index].checks = graded.scenarios.flatMap { scenario in
                    cells.map { ExerciseCheck(cellIndex: $0.index, scenario: scenario, passed: false) }
                        + (0..<max(0, keyCells - cells.count)).map { _ in ExerciseCheck(cellIndex: -1, scenario: scenario, passed: false) }
                }
            }
        }
        return GradeOutcome(student: student, file: FileOutcome(path: submissionPath, content: .lab(graded, parts: [outcome])),
                            points: points, damage: parsed.damage,
                            locked: handout.map { LockedContent.compare(handout: $0, submission: parsed.lab) })
    }
}
