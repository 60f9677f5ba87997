/// Checking an instructor's exercises both ways: the key (the lab's program, `-D SOLUTION`) must
/// pass, and each exercise's stub must fail every one of the exercise's checks (a check it passed
/// would give a blank answer points).
extension DocumentPipeline {
    /// One more build per exercise: the key with that exercise's solutions switched off, cached like any program.
    func checkStubs(of lab: Lab) -> [ExerciseStubCheck] {
        // A written exercise has no stub: the instructor grades it.
        let checked = lab.exercises.indices.filter { !lab.exercises[$0].isManual }
        guard lab.hasSolutions, !checked.isEmpty else { return [] }
        return Parallel.map(checked.count, width: checked.count) { position in
            let index = checked[position]
            let exercise = lab.exercises[index]
            let outcome = run(lab.withStub(of: exercise))
            let result: ExerciseStubCheck.StubResult
            switch outcome.status {
            case .ran(let verdicts):
                let verdict = ExerciseVerdict.judge(outcome.lab, verdicts: verdicts, appleAvailable: appleAvailable)[index]
                let passed = ExerciseVerdict.checks(outcome.lab, verdicts: verdicts, appleAvailable: appleAvailable)[index]
                    .filter(\.passed)
                result = verdict.isDone ? .stubPasses : passed.isEmpty ? .stubFails : .stubEarns(passed)
            case .compileFailed(let errors, _):
                result = .stubDoesNotCompile(errors: errors)
            case .toolFailed(.build(let error)):
                result = .notChecked(error.description)
            case .missingModules:
                result = .notChecked("needs a module not available here")
            case .nothingToRun, .compiledOnly, .checked:
                result = .notChecked("nothing ran")
            }
            return ExerciseStubCheck(exerciseID: exercise.id, result: result,
                                     compilerRan: outcome.compilerRan, buildDuration: outcome.buildDuration)
        }
    }
}
