/// Reads a lab's exercises: `exercise` and `end-exercise` directives, the cells and ```` ```hint ````
/// blocks between them, hidden checks, and the `#if SOLUTION` regions of cells.
enum ExerciseParser {
    static let exerciseKeyword = "exercise", endKeyword = "end-exercise"
    static let keys = ["id", "points", "title", "hidden"]

    /// The exercises in document order; fills in each cell's solution regions. With `damage`
    /// (a submission being graded), a marker or block that cannot be placed is left out and
    /// listed there instead of thrown, so the exercises that can be found are still graded.
    static func parse(source: MarkdownSource, blocks: [FencedBlock], cells: inout [Cell],
                      frontMatterLines: Int, path: String, damage: inout [LabError]?) throws(LabError) -> [Exercise] {
        func fail(_ error: LabError) throws(LabError) {
            guard damage != nil else { throw error }
            damage?.append(error)
        }
        var insideFence = [Bool](repeating: false, count: source.lines.count + 1)
        // Index loops: ranges and strides are generic, slow per line in a debug build.
        for block in blocks {
            var line = block.openingLine
            let last = block.closingLine ?? block.contentLines.last?.line ?? block.openingLine
            while line <= last {
                insideFence[line] = true
                line += 1
            }
        }
        // Directives first: each opens (or ends) a region of lines.
        var starts: [(line: Int, id: String, title: String?, points: Int, manual: Bool, hidden: Int?)] = []
        var ends: [Int] = []
        var number = frontMatterLines
        while number < source.lines.count {
            number += 1
            guard !insideFence[number], let directive = ExerciseDirective.parse(line: number, in: source) else { continue }
            let kind: ExerciseDirective.Kind
            do { kind = try directive.kind(path: path) } catch {
                try fail(error)
                continue
            }
            switch kind {
            case .end: ends.append(number)
            case .start(let id, let title, let points, let manual, let hidden):
                if let first = starts.first(where: { $0.id == id }) {
                    try fail(LabError(SourceLocation(path: path, line: number, column: directive.column(ofKey: "id")),
                                      .duplicateExercise(id: id, firstLine: first.line)))
                    continue
                }
                starts.append((number, id, title, points, manual, hidden))
            }
        }
        var exercises = starts.enumerated().map { offset, start in
            let next = offset + 1 < starts.count ? starts[offset + 1].line : Int.max
            let end = ends.first { $0 > start.line && $0 < next } ?? (next == Int.max ? nil : next)
            var exercise = Exercise(id: start.id, title: start.title, points: start.points, isManual: start.manual,
                                    line: start.line, endLine: end)
            exercise.announcedHiddenCells = start.hidden ?? 0
            return exercise
        }
        func exerciseIndex(at line: Int) -> Int? {
            exercises.lastIndex { $0.line < line && ($0.endLine ?? Int.max) > line }
        }
        for block in blocks where InfoString.words(block.info).first?.text == "hint" {
            guard let index = exerciseIndex(at: block.openingLine) else {
                try fail(LabError(SourceLocation(path: path, line: block.openingLine), .outsideExercise(what: "hint block")))
                continue
            }
            exercises[index].hints.append(block)
        }
        for position in cells.indices {
            let cell = cells[position]
            // A written exercise's cells are the lab's own: nothing of them is checked as an answer.
            let owner = exerciseIndex(at: cell.line).flatMap { exercises[$0].isManual ? nil : $0 }
            if let owner, !cell.isSkipped { exercises[owner].cellIndices.append(cell.index) }
            if cell.isHidden && owner == nil {
                try fail(LabError(SourceLocation(path: path, line: cell.line), .outsideExercise(what: "hidden cell")))
            }
            var regions: [SolutionRegion] = []
            do { regions = try SolutionRegionScanner.regions(in: cell.block, source: source, path: path) } catch { try fail(error) }
            if let first = regions.first, owner == nil || cell.role != .program || cell.isHidden {
                try fail(LabError(SourceLocation(path: path, line: first.ifLine),
                                  .outsideExercise(what: "'#if \(Lab.solutionCondition)' region (in a program cell of an exercise, not hidden)")))
                regions = []
            }
            cells[position].solutions = regions
        }
        // A students' copy has no solutions at all; in an instructor's lab every exercise needs one.
        let isKey = cells.contains { !$0.solutions.isEmpty }
        for exercise in exercises where isKey && !exercise.isManual && !cells.contains(where: { exercise.cellIndices.contains($0.index) && !$0.solutions.isEmpty }) {
            try fail(LabError(SourceLocation(path: path, line: exercise.line), .exerciseWithoutSolution(id: exercise.id)))
        }
        return exercises
    }
}
