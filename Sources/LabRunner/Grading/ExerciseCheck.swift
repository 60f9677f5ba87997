/// One check of an exercise: one of its cells (hidden checks included) in one scenario. A check
/// passes when the cell ran to its end and printed what its output block says (silence for a
/// scenario without a block), the same in every repeated run. Checks carry the exercise's points.
package struct ExerciseCheck: Sendable, Equatable {
    /// The cell's index in the graded lab; -1 for a check of the key's whose cell a submission deleted.
    package let cellIndex: Int
    package let scenario: String
    package let passed: Bool

    /// The check as `FlakyCheck` names it, for reports that name checks.
    package var place: FlakyCheck { FlakyCheck(cellIndex: cellIndex, scenario: scenario) }
}

extension Lab {
    /// The cells of an exercise that are checks: program cells that run here, not skipped, not scratch.
    func checkedCells(of exercise: Exercise, appleAvailable: Bool) -> [Cell] {
        cells(of: exercise).filter { !$0.isSkipped && $0.role == .program && (appleAvailable || !$0.needsApple) && !isScratch($0) }
    }

    /// True when the exercise has cells of the student's own (not only the key's hidden checks):
    /// without them, nothing of it was answered.
    func hasOwnCells(_ exercise: Exercise) -> Bool {
        cells(of: exercise).contains { !$0.isSkipped && $0.role == .program && !$0.isHidden }
    }
}

extension ExerciseVerdict {
    /// Each exercise's checks, in `lab.exercises`' order: per scenario that ran, per cell. An
    /// exercise without cells of its own (hidden checks only: a submission lost them) passes none.
    static func checks(_ lab: Lab, verdicts: [ScenarioVerdict], appleAvailable: Bool) -> [[ExerciseCheck]] {
        lab.exercises.map { exercise in
            let cells = lab.checkedCells(of: exercise, appleAvailable: appleAvailable)
            let hasOwnCells = lab.hasOwnCells(exercise)
            return verdicts.flatMap { verdict in
                let failing = Set(verdict.mismatches.map(\.cell.index))
                let unsteady = Set(verdict.flakiness?.cells.map(\.cell.index) ?? [])
                // Markers out of order: no output of the run can be said to be a cell's.
                var tampered = false
                if case .tampered = verdict.problem { tampered = true }
                return cells.map { cell in
                    let stoppedHere = verdict.problem != nil && verdict.lastCell?.index == cell.index
                    let met = verdict.actualOutputs[cell.index] != nil && !stoppedHere && !tampered && !failing.contains(cell.index)
                        && !unsteady.contains(cell.index)
                    return ExerciseCheck(cellIndex: cell.index, scenario: verdict.scenario, passed: hasOwnCells && met)
                }
            }
        }
    }
}
