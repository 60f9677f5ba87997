/// Reads a lab's exercises: `exercise` and `end-exercise` directives, the cells and ```` ```hint ````
/// blocks between them, hidden checks, and the `#if SOLUTION` regions of cells.
enum ExerciseParser {
    static let exerciseKeyword = "exercise", endKeyword = "end-exercise"
    static let keys = ["id", "points", "title"]

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
        var starts: [(line: Int, id: String, title: String?, points: Int, manual: Bool)] = []
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
            case .start(let id, let title, let points, let manual):
                if let first = starts.first(where: { $0.id == id }) {
                    try fail(LabError(SourceLocation(path: path, line: number, column: directive.column(ofKey: "id")),
                                      .duplicateExercise(id: id, firstLine: first.line)))
                    continue
                }
                starts.append((number, id, title, points, manual))
            }
        }
        var exercises = starts.enumerated().map { offset, start in
            let next = offset + 1 < starts.count ? starts[offset + 1].line : Int.max
            let end = ends.first { $0 > start.line && $0 < next } ?? (next == Int.max ? nil : next)
            return Exercise(id: start.id, title: start.title, points: start.points, isManual: start.manual, line: start.line, endLine: end)
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

/// Finds `#if SOLUTION` … `#else` … `#endif` in a cell, counting other `#if`s nested in it.
enum SolutionRegionScanner {
    static func regions(in block: FencedBlock, source: MarkdownSource, path: String) throws(LabError) -> [SolutionRegion] {
        var regions: [SolutionRegion] = []
        var open: (ifLine: Int, column: Int, elseLine: Int?)? = nil
        var depth = 0
        let lines = source.lines, bytes = source.bytes
        for content in block.contentLines {
            let line = lines[content.line - 1]
            var first = content.textStart
            while first < line.contentEnd, bytes[first] == 0x20 || bytes[first] == 0x09 { first += 1 }
            let leading = first - content.textStart
            // Only directive lines can matter: no string is made of the rest (a large guide's
            // every code line went through one, halving `list` and `extract` throughput). Index
            // loops, not slice algorithms: generic, those are slow per line in a debug build.
            guard first < line.contentEnd, bytes[first] == UInt8(ascii: "#") else { continue }
            let text = String(decoding: bytes[first..<line.contentEnd], as: UTF8.self)
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard let first = words.first, first.hasPrefix("#") else { continue }
            let column = content.textStart + leading - line.start + 1
            if open == nil {
                if first == "#if", words.count >= 2, words[1] == Lab.solutionCondition {
                    open = (content.line, column, nil)
                    depth = 0
                }
                continue
            }
            switch first {
            case "#if": depth += 1
            case "#else" where depth == 0:
                open?.elseLine = content.line
            case "#elseif" where depth == 0:
                throw LabError(SourceLocation(path: path, line: content.line, column: column), .solutionElseif)
            case "#endif" where depth == 0:
                guard let region = open, let elseLine = region.elseLine else {
                    throw LabError(SourceLocation(path: path, line: open?.ifLine ?? content.line, column: open?.column),
                                   .solutionWithoutElse)
                }
                regions.append(SolutionRegion(ifLine: region.ifLine, elseLine: elseLine, endifLine: content.line))
                open = nil
            case "#endif": depth -= 1
            default: break
            }
        }
        if let region = open {
            throw LabError(SourceLocation(path: path, line: region.ifLine, column: region.column), .solutionUnclosed)
        }
        return regions
    }
}
