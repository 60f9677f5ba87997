/// The lab a submission is graded as: the submission's code, cell by cell, under the key's
/// settings, expected outputs and hidden checks. Cells are matched by exercise id (a student
/// may have moved an exercise's cells), then by position within the exercise; cells outside
/// exercises by position among them. The submission's own transcripts, hints and checks are never read.
enum GradedLab {
    static func assemble(key: Lab, submission: Lab) -> Lab {
        var cells: [Cell] = []
        var exercises = key.exercises.map {
            Exercise(id: $0.id, title: $0.title, points: $0.points, line: $0.line, endLine: $0.endLine, hints: $0.hints)
        }
        func add(_ code: Cell, outputs: [ExpectedOutput], exercise: Int?) {
            cells.append(Cell(index: cells.count, block: code.block, section: code.section, attributes: code.attributes,
                              platform: code.platform, outputs: outputs, expectedDiagnostics: nil))
            if let exercise { exercises[exercise].cellIndices.append(cells.count - 1) }
        }
        let keyCells = key.cells.filter { !$0.isSkipped && $0.role == .program }
        let givenCells = submission.cells.filter { !$0.isSkipped && $0.role == .program && !$0.isHidden }
        func exerciseIndex(_ cell: Cell, in lab: Lab) -> Int? {
            lab.exercise(containing: cell).flatMap { found in key.exercises.firstIndex { $0.id == found.id } }
        }
        // The submission's cells outside exercises, in order, matched to the key's.
        var outside = givenCells.filter { exerciseIndex($0, in: submission) == nil }.makeIterator()
        var emitted = Set<Int>()
        for keyCell in keyCells {
            guard let exercise = exerciseIndex(keyCell, in: key) else {
                if let given = outside.next() { add(given, outputs: keyCell.outputs, exercise: nil) }
                continue
            }
            // A whole exercise at once, where its first cell is in the key.
            guard emitted.insert(exercise).inserted else { continue }
            let id = key.exercises[exercise].id
            let keyVisible = key.cells(of: key.exercises[exercise]).filter { !$0.isHidden && !$0.isSkipped && $0.role == .program }
            let theirs = givenCells.filter { submission.exercise(containing: $0)?.id == id }
            for (position, given) in theirs.enumerated() {
                add(given, outputs: position < keyVisible.count ? keyVisible[position].outputs : [], exercise: exercise)
            }
            for hidden in key.cells(of: key.exercises[exercise]) where hidden.isHidden {
                add(hidden, outputs: hidden.outputs, exercise: exercise)
            }
        }
        while let extra = outside.next() { add(extra, outputs: [], exercise: nil) }
        return Lab(path: submission.path, source: submission.source, settings: key.settings,
                   frontMatterLines: submission.frontMatterLines, blocks: submission.blocks, cells: cells,
                   exercises: exercises)
    }
}

/// One submission's grade: points per exercise of the key, and the run they come from.
package struct GradeOutcome: Sendable {
    package let student: String
    /// The submission as run (its file could not be read or parsed: `.unreadable`/`.invalid`).
    package let file: FileOutcome
    /// Points earned per exercise of the key, in the key's order (all zero when it did not compile).
    package let points: [(id: String, earned: Int, outOf: Int)]
}

extension LabPipeline {
    /// Runs `submissionPath` against the key: the submission's code with the key's outputs and hidden checks.
    package func grade(key: Lab, submissionPath: String, student: String) -> GradeOutcome {
        let zero = key.exercises.map { (id: $0.id, earned: 0, outOf: $0.points) }
        let bytes: [UInt8]
        do { bytes = try LabFile.read(submissionPath) } catch {
            return GradeOutcome(student: student, file: FileOutcome(path: submissionPath, content: .unreadable(error)), points: zero)
        }
        let submission: Lab
        do { submission = try LabParser.parse(bytes: bytes, path: submissionPath, bareLanguage: bareLanguage) } catch {
            return GradeOutcome(student: student, file: FileOutcome(path: submissionPath, content: .invalid(error, bytes: bytes)), points: zero)
        }
        let graded = GradedLab.assemble(key: key, submission: submission)
        var outcome = run(graded)
        outcome.part = .program
        var points = zero
        if case .ran(let verdicts) = outcome.status {
            let judged = ExerciseVerdict.judge(graded, verdicts: verdicts, appleAvailable: appleAvailable)
            for (index, verdict) in judged.enumerated() where verdict.isDone { points[index].earned = points[index].outOf }
        }
        return GradeOutcome(student: student, file: FileOutcome(path: submissionPath, content: .lab(graded, parts: [outcome])),
                            points: points)
    }
}
