/// The lab a submission is graded as: the submission's code, cell by cell, under the key's
/// settings, expected outputs and hidden checks. Cells are matched by exercise id (a student
/// may have moved an exercise's cells), then by position within the exercise; cells outside
/// exercises by position among them. The submission's own transcripts, hints and checks are never read.
enum GradedLab {
    static func assemble(key: Lab, submission: Lab) -> Lab {
        // The key's text follows the submission's in the graded lab's source, so the key's blocks
        // (hidden checks, expected outputs) have lines and offsets there; the compiler and the
        // reports read cells through the lab's source.
        let joint = KeyAppendix(submission: submission.source, key: key.source)
        var cells: [Cell] = []
        // Named at the submission's own directive when it has one.
        var exercises = key.exercises.map { exercise in
            Exercise(id: exercise.id, title: exercise.title, points: exercise.points,
                     line: submission.exercises.first { $0.id == exercise.id }?.line ?? exercise.line + joint.lineOffset,
                     endLine: nil, hints: exercise.hints)
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
                if let given = outside.next() { add(given, outputs: joint.expected(keyCell.outputs, at: given), exercise: nil) }
                continue
            }
            // A whole exercise at once, where its first cell is in the key.
            guard emitted.insert(exercise).inserted else { continue }
            let id = key.exercises[exercise].id
            let keyVisible = key.cells(of: key.exercises[exercise]).filter { !$0.isHidden && !$0.isSkipped && $0.role == .program }
            let theirs = givenCells.filter { submission.exercise(containing: $0)?.id == id }
            for (position, given) in theirs.enumerated() {
                let outputs = position < keyVisible.count ? keyVisible[position].outputs : []
                add(given, outputs: joint.expected(outputs, at: given), exercise: exercise)
            }
            for hidden in key.cells(of: key.exercises[exercise]) where hidden.isHidden {
                let moved = Cell(index: hidden.index, block: joint.moved(hidden.block), section: hidden.section,
                                 attributes: hidden.attributes, platform: hidden.platform, outputs: [], expectedDiagnostics: nil)
                add(moved, outputs: joint.expected(hidden.outputs, at: nil), exercise: exercise)
            }
        }
        while let extra = outside.next() { add(extra, outputs: [], exercise: nil) }
        return Lab(path: submission.path, source: joint.source, settings: key.settings,
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
