/// A Markdown lab as the runner understands it: settings, Swift cells and their expected outputs.
struct Lab: Sendable {
    /// The path as the user gave it; diagnostics and reports use it.
    let path: String
    let source: MarkdownSource
    let settings: LabSettings
    /// Lines taken by the front matter (0 when none).
    let frontMatterLines: Int
    /// Every fenced code block of the document, any language.
    let blocks: [FencedBlock]
    let cells: [Cell]

    var title: String? { settings.title }
    var scenarios: [String] { settings.scenarios }
    /// Cells that go into the program (on this platform or inside `#if canImport(SwiftUI)`).
    var compiledCells: [Cell] { cells.filter { !$0.isSkipped } }

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
