/// The lab a submission is graded as: the submission's code, cell by cell, under the key's
/// settings, expected outputs and hidden checks. Cells are matched by exercise id (a student
/// may have moved an exercise's cells), then by position within the exercise; cells outside
/// exercises by position among them. The submission's own transcripts, hints and checks are never
/// read, except for its cells the key has no place for, which earn nothing: cells outside the
/// exercises are compared with their own blocks so that feedback does not call them wrong, an
/// exercise's extra cells run as scratch work.
///
/// An exercise whose markers the submission lost has no cells of its own: it scores 0, its hidden
/// checks are left out, and the other exercises are graded. `damage` is where the file broke
/// (`alice.md:548:1: hint block outside an exercise`), said with each such exercise.
///
/// An exercise in `stubbed` (its code did not compile) is built with the key's
/// stub in the student's cells, which is known to compile, so the other exercises can be graded;
/// the student's extra cells in it are left out, its hidden checks kept (they fail, as the stub does).
enum GradedLab {
    static func assemble(key: Lab, submission: Lab, damage: String? = nil, stubbed: Set<String> = []) -> Lab {
        // The key's text follows the submission's in the graded lab's source, so the key's blocks
        // (hidden checks, expected outputs) have lines and offsets there; the compiler and the
        // reports read cells through the lab's source.
        let joint = KeyAppendix(submission: submission.source, key: key.source)
        var cells: [Cell] = []
        // Named at the submission's own directive; line 0 when it has none (the key's line is not the student's).
        var exercises = key.exercises.map { exercise in
            Exercise(id: exercise.id, title: exercise.title, points: exercise.points, isManual: exercise.isManual,
                     line: submission.exercises.first { $0.id == exercise.id }?.line ?? 0,
                     endLine: nil, hints: exercise.hints)
        }
        var bounds = SubmissionBounds(ownLineCount: joint.lineOffset)
        bounds.brokenExercises = stubbed
        for exercise in key.checkedExercises where !submission.exercises.contains(where: { $0.id == exercise.id }) {
            bounds.missingExercises[exercise.id] = "its marker '<!-- labrunner: exercise id=\(exercise.id) … -->' is not in your file"
                + (damage.map { " (the file broke at \($0))" } ?? "")
        }
        func add(_ code: Cell, outputs: [ExpectedOutput], exercise: Int?, scratch: Bool = false) {
            // Scratch is the key's to give: a cell the key checks stays checked, whatever the student marked.
            let attributes = code.attributes.filter { $0 != .scratch } + (scratch ? [.scratch] : [])
            cells.append(Cell(index: cells.count, block: code.block, section: code.section, attributes: attributes,
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
            // Cells with output blocks take the places of the key's cells with output blocks, in
            // order, and the others the others': a cell a student added to print or try something
            // (or marked `scratch`) does not shift the key's checks onto the wrong cells.
            func isScratch(_ cell: Cell) -> Bool { cell.outputs.isEmpty || cell.attributes.contains(.scratch) }
            var keyChecked = keyVisible.filter { !isScratch($0) }.makeIterator()
            var keyScratch = keyVisible.filter(isScratch).makeIterator()
            for given in theirs {
                let place = given.attributes.contains(.scratch) ? nil : given.outputs.isEmpty ? keyScratch.next() : keyChecked.next()
                if stubbed.contains(id) {
                    // The handout's code at the student's place: what the student started from.
                    if let place { add(given.withCode(place.handoutCode), outputs: joint.expected(place.outputs, at: given), exercise: exercise) }
                    continue
                }
                // A cell the key has no place for (another exercise's, whose marker is gone, or one
                // the student added) earns nothing: it is scratch work, no check of the exercise, or a
                // student could add cells with matching blocks of their own and outnumber the key's checks.
                guard let place else {
                    add(given, outputs: [], exercise: nil, scratch: true)
                    continue
                }
                add(given, outputs: joint.expected(place.outputs, at: given), exercise: exercise, scratch: place.attributes.contains(.scratch))
            }
            // Hidden checks of an exercise the submission lost would only test cells that are not there.
            for hidden in key.cells(of: key.exercises[exercise]) where hidden.isHidden && bounds.missingExercises[id] == nil {
                let moved = Cell(index: hidden.index, block: joint.moved(hidden.block), section: hidden.section,
                                 attributes: hidden.attributes, platform: hidden.platform, outputs: [], expectedDiagnostics: nil)
                add(moved, outputs: joint.expected(hidden.outputs, at: nil), exercise: exercise)
            }
        }
        while let extra = outside.next() { add(extra, outputs: extra.outputs, exercise: nil) }
        var graded = Lab(path: submission.path, source: joint.source, settings: key.settings,
                         frontMatterLines: submission.frontMatterLines, blocks: submission.blocks, cells: cells,
                         exercises: exercises)
        graded.submission = bounds
        return graded
    }
}
