/// A Markdown lab as the runner understands it: settings, Swift cells and their expected outputs.
package struct Lab: Sendable {
    /// The path as the user gave it; diagnostics and reports use it.
    let path: String
    let source: MarkdownSource
    /// Set once parsed; `--swiftc-flags` adds to its flags (`DocumentLoader`).
    var settings: LabSettings
    /// Lines taken by the front matter (0 when none).
    let frontMatterLines: Int
    /// Every fenced code block of the document, any language.
    let blocks: [FencedBlock]
    let cells: [Cell]
    /// Checked exercises, in document order (see `Exercise`).
    var exercises: [Exercise] = []
    /// Lab or guide, and why (see `DocumentKind`).
    package var kind = DocumentKindDecision(kind: .lab, reason: "")
    /// Set on a submission assembled for grading: where its own lines end (see `SubmissionBounds`).
    var submission: SubmissionBounds? = nil

    package var isGuide: Bool { kind.kind == .guide }

    var title: String? { settings.title }
    var scenarios: [String] { settings.scenarios }
    /// Cells that go into the lab's program (on this platform or inside `#if canImport(SwiftUI)`);
    /// `standalone`, `compile_fail` and `no_run` cells are built apart from it.
    var compiledCells: [Cell] { cells.filter { !$0.isSkipped && $0.role == .program } }
    /// `standalone`, `compile_fail` and `no_run` cells, in document order.
    var cellsBuiltApart: [Cell] { cells.filter { !$0.isSkipped && $0.role != .program } }
    /// True when no cell has an output block: a guide whose code is only to compile.
    var hasTranscripts: Bool { cells.contains { !$0.outputs.isEmpty } }

    /// The lab as it would be with only `cells` (each an ordinary program cell): the program that
    /// checks or runs a cell built apart.
    func restricted(to cells: [Cell]) -> Lab {
        Lab(path: path, source: source, settings: settings, frontMatterLines: frontMatterLines,
            blocks: blocks, cells: cells.map(\.asProgramCell))
    }

    /// The program a cell built apart is part of: alone for `standalone`, else after every program
    /// cell before it.
    func program(for cell: Cell) -> Lab {
        if cell.role == .standalone { return restricted(to: [cell]) }
        return restricted(to: compiledCells.filter { $0.index < cell.index } + [cell])
    }

    /// The section names in order of first appearance.
    var sections: [String] {
        // A set for membership: a guide with a section per cell must stay linear.
        var seen = Set<String>()
        var ordered: [String] = []
        for name in cells.compactMap(\.section) where seen.insert(name).inserted { ordered.append(name) }
        return ordered
    }

    func location(line: Int, column: Int? = nil) -> SourceLocation {
        SourceLocation(path: path, line: line, column: column)
    }
}
