/// Whether a run of a lab met an exercise's outputs: every cell of the exercise ran to its end and
/// printed what its output block says, in every scenario that ran, and the same in every repeated run.
package enum ExerciseVerdict: Sendable, Equatable {
    case done
    /// Not met; `stoppedAt` is the cell line where the program stopped inside this exercise, if
    /// it did (a stub's `fatalError`), so later failures can be said to follow from it.
    case notYet(stoppedAt: Int?)
    /// Not met because an earlier exercise stopped the program before these cells ran.
    case followsFrom(exercise: String)
    /// Its cells printed differently between repeated runs (`--repeat`): whatever one run
    /// matched, the exercise is not done, since a grade must not depend on the scheduler.
    case flaky([FlakyCheck])
    /// A written exercise: the instructor grades it, the run says nothing about it.
    case manual

    var isDone: Bool { self == .done }

    /// One verdict per exercise of `lab`, in order, from a program's scenario verdicts.
    static func judge(_ lab: Lab, verdicts: [ScenarioVerdict], appleAvailable: Bool) -> [ExerciseVerdict] {
        var stoppedBy: String? = nil
        return lab.exercises.map { exercise in
            if exercise.isManual { return .manual }
            let cells = lab.checkedCells(of: exercise, appleAvailable: appleAvailable)
            var met = true, ran = true
            var stoppedAt: Int? = nil
            var flaky: [FlakyCheck] = []
            for verdict in verdicts {
                let failing = Set(verdict.mismatches.map(\.cell.index))
                let unsteady = Set(verdict.flakiness?.cells.map(\.cell.index) ?? [])
                // Markers out of order: no output of the run can be said to be a cell's.
                if case .tampered = verdict.problem { met = false }
                for cell in cells {
                    let stoppedHere = verdict.problem != nil && verdict.lastCell?.index == cell.index
                    if stoppedHere { stoppedAt = stoppedAt ?? cell.line }
                    if verdict.actualOutputs[cell.index] == nil { ran = false }
                    if verdict.actualOutputs[cell.index] == nil || stoppedHere || failing.contains(cell.index) { met = false }
                    if unsteady.contains(cell.index) { flaky.append(FlakyCheck(cellIndex: cell.index, scenario: verdict.scenario)) }
                }
            }
            if !flaky.isEmpty { return .flaky(flaky) }
            // Nothing ran, or the exercise lost its cells (a submission deleted them): not done.
            // Hidden checks alone do not make an exercise: a submission must have its own cells.
            if !lab.hasOwnCells(exercise) || verdicts.isEmpty { met = false }
            if met { return .done }
            if !ran, stoppedAt == nil, let stoppedBy { return .followsFrom(exercise: stoppedBy) }
            if stoppedAt != nil, stoppedBy == nil { stoppedBy = exercise.id }
            return .notYet(stoppedAt: stoppedAt)
        }
    }
}

/// One check of an exercise (a cell, in one scenario) whose output differed between repeated runs.
package struct FlakyCheck: Sendable, Equatable {
    package let cellIndex: Int
    package let scenario: String
}

/// What checking one exercise of an instructor's lab both ways found: the key is the lab's
/// program (built with `-D SOLUTION`); this is its stub's build.
package struct ExerciseStubCheck: Sendable {
    package enum StubResult: Sendable {
        /// The stub fails every check of the exercise: it checks something, and a blank answer earns nothing.
        case stubFails
        /// The stub meets every output of the exercise: it checks nothing.
        case stubPasses
        /// The stub fails the exercise but passes these of its checks: a blank answer would
        /// earn their points, so the lab must be changed (a stub that passes no check).
        case stubEarns([ExerciseCheck])
        /// The stub does not compile, so the students' copy would not either.
        case stubDoesNotCompile(errors: [Diagnostic])
        /// The stub's build or run could not be judged (tool failure, missing module).
        case notChecked(String)
    }

    package let exerciseID: String
    package let result: StubResult
    /// False when the stub's executable came from the compile cache.
    package var compilerRan: Bool
    package var buildDuration: Double
}
