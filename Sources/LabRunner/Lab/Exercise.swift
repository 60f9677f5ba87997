/// A checked exercise of a lab: `<!-- labrunner: exercise id=… points=… title="…" -->` and the
/// cells after it, up to the next exercise or `<!-- labrunner: end-exercise -->`.
///
/// Its outputs are the output blocks of its cells (hidden checks included): the exercise is done
/// when every one of them matches in every scenario.
struct Exercise: Sendable, Equatable {
    let id: String
    let title: String?
    let points: Int
    /// A written exercise (`manual`): graded by the instructor, never run; its cells are the lab's
    /// ordinary cells, and it needs no solution region.
    var isManual = false
    /// The line of the `exercise` directive.
    let line: Int
    /// The line of the directive that ends it (`end-exercise` or the next exercise), nil at the end of the file.
    let endLine: Int?
    /// The Swift cells inside it, by `Cell.index`, in document order.
    var cellIndices: [Int] = []
    /// ```` ```hint ```` blocks inside it: shown to a student while the exercise is not done.
    var hints: [FencedBlock] = []
    /// `hidden=N` (a students' copy): the key's hidden cells the copy left out, which run only
    /// when graded; 0 in a key, whose hidden cells are its own.
    var announcedHiddenCells = 0

    /// The hints' text, blocks separated by a blank line.
    var hintText: String {
        hints.map { $0.code.hasSuffix("\n") ? String($0.code.dropLast()) : $0.code }.joined(separator: "\n\n")
    }
}

/// An `#if` … `#endif` of a cell whose branch compiled with `-D SOLUTION` is not the one
/// compiled without it (`#if SOLUTION` … `#else` stub `#endif`, and any other way of writing it:
/// `#if !SOLUTION`, `#elseif SOLUTION`, `#if true && (SOLUTION)`), by Markdown line. The key is
/// built with `-D SOLUTION`; the students' copy keeps only the branch compiled without it.
struct SolutionRegion: Sendable, Equatable {
    let ifLine: Int
    /// The `#elseif` and `#else` lines, in order.
    var branchLines: [Int] = []
    let endifLine: Int
    /// The branch compiled without SOLUTION, the stub: 0 is the `#if`'s own, `k` the one after
    /// `branchLines[k - 1]`.
    let stubBranch: Int

    /// The directive line the stub follows.
    var stubStart: Int { stubBranch == 0 ? ifLine : branchLines[stubBranch - 1] }
    /// The directive line that ends the stub.
    var stubEnd: Int { stubBranch < branchLines.count ? branchLines[stubBranch] : endifLine }
    /// Every directive line of it, in order.
    var directiveLines: [Int] { [ifLine] + branchLines + [endifLine] }
}

extension Lab {
    /// The compilation condition that selects solutions in the instructor's file.
    static let solutionCondition = "SOLUTION"

    /// True when some cell holds a solution region: the lab is an instructor's key.
    var hasSolutions: Bool { cells.contains { !$0.solutions.isEmpty } }

    /// The exercises the runner checks (all but the written ones).
    var checkedExercises: [Exercise] { exercises.filter { !$0.isManual } }

    /// The cells of an exercise.
    func cells(of exercise: Exercise) -> [Cell] {
        cells.filter { exercise.cellIndices.contains($0.index) }
    }

    /// The exercise a cell belongs to.
    func exercise(containing cell: Cell) -> Exercise? {
        exercises.first { $0.cellIndices.contains(cell.index) }
    }

    /// The key: the same lab built with `-D SOLUTION`.
    var withSolutions: Lab {
        guard hasSolutions, !settings.swiftcFlags.contains(Lab.solutionCondition) else { return self }
        var settings = settings
        settings.swiftcFlags += ["-D", Lab.solutionCondition]
        return Lab(path: path, source: source, settings: settings, frontMatterLines: frontMatterLines,
                   blocks: blocks, cells: cells, exercises: exercises)
    }

    /// The key with one exercise's solutions switched off: its cells' solution regions select
    /// the stub (`#if false` for `#if SOLUTION`), so the stub is compiled and every line keeps its number.
    func withStub(of exercise: Exercise) -> Lab {
        let key = withSolutions
        let cells = key.cells.map { cell in
            exercise.cellIndices.contains(cell.index) && !cell.solutions.isEmpty ? cell.withStubs : cell
        }
        return Lab(path: path, source: source, settings: key.settings, frontMatterLines: frontMatterLines,
                   blocks: blocks, cells: cells, exercises: exercises)
    }
}

extension Cell {
    /// The cell with its solution regions switched off, same lines: each `#if`/`#elseif` of a
    /// region reads `true` on the stub's branch and `false` on the others.
    var withStubs: Cell {
        var rewritten: [Int: Bool] = [:]
        for region in solutions {
            for (branch, line) in ([region.ifLine] + region.branchLines).enumerated() { rewritten[line] = branch == region.stubBranch }
        }
        var lines = block.code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (offset, content) in block.contentLines.enumerated() where offset < lines.count {
            guard let active = rewritten[content.line] else { continue }
            let line = lines[offset]
            let indent = line.prefix { $0 == " " || $0 == "\t" }
            let rest = line.dropFirst(indent.count)
            if rest.hasPrefix("#elseif") {
                lines[offset] = indent + "#elseif \(active)"
            } else if rest.hasPrefix("#if") {
                lines[offset] = indent + "#if \(active)"
            }
        }
        return withCode(lines.joined(separator: "\n"))
    }

    /// The cell's code as the students' copy has it (`StudentCopy`): every line of each solution
    /// region removed but the stub's.
    var handoutCode: String {
        var removed = Set<Int>()
        for region in solutions {
            removed.formUnion(region.ifLine...region.stubStart)
            removed.formUnion(region.stubEnd...region.endifLine)
        }
        let lines = block.code.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.enumerated().filter { offset, _ in
            offset >= block.contentLines.count || !removed.contains(block.contentLines[offset].line)
        }.map { String($0.element) }.joined(separator: "\n")
    }

    /// The cell where it is, compiling `code` instead of its own (no solution regions).
    func withCode(_ code: String) -> Cell {
        let changed = FencedBlock(info: block.info, code: code, fenceCharacter: block.fenceCharacter,
                                  fenceLength: block.fenceLength, fenceIndent: block.fenceIndent,
                                  openingLine: block.openingLine, closingLine: block.closingLine,
                                  contentLines: block.contentLines, containerPrefix: block.containerPrefix,
                                  contentRange: block.contentRange, blockRange: block.blockRange)
        var cell = Cell(index: index, block: changed, section: section, attributes: attributes, platform: platform,
                        outputs: outputs, expectedDiagnostics: expectedDiagnostics)
        cell.solutions = []
        return cell
    }
}
