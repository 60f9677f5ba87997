/// The prose of a notebook's Markdown cell (`JupyterNotebook`): each top-level block as written,
/// unless rendering it as the page does met raw HTML or a URL the pages' filter refuses
/// (`FilterLog`); that block is carried as the page renders it, filtered (`HTMLFilter`), between
/// blank lines. JupyterLab sanitises an untrusted notebook's Markdown, but `jupyter nbconvert`,
/// VS Code's preview and other viewers pass a cell's HTML through: what the page filters, the
/// notebook must not hold as written. Prose without either is the lab's own Markdown.
enum NotebookProse {
    /// `text` (the cell's lines) with each such block replaced; `references`: the document's link
    /// reference definitions, so a link resolves as on the page wherever its definition is.
    static func markdown(_ text: String, references: [String: MarkdownLink]) -> String {
        let source = MarkdownSource(text: text)
        let lines = source.lines.map(source.text(of:))
        var result: [String] = []
        var next = 0
        for block in MarkdownParser.blocks(in: source) {
            let log = FilterLog()
            var renderer = MarkdownHTML()
            renderer.references = references
            renderer.log = log
            let html = renderer.render(block, tight: false)
            guard log.met else { continue }
            let first = block.lines.lowerBound - 1, last = min(block.lines.upperBound, lines.count)
            result += lines[next..<first]
            // Blank lines around it: the HTML ends its block there, and no Markdown around it is
            // read as part of it (an HTML block runs to a blank line).
            if let previous = result.last, !isBlank(previous) { result.append("") }
            var rendered = html
            while rendered.hasSuffix("\n") { rendered.removeLast() }
            if !rendered.isEmpty { result += rendered.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
            next = last
            if next < lines.count, !isBlank(lines[next]) { result.append("") }
        }
        result += lines[next...]
        return result.joined(separator: "\n")
    }

    private static func isBlank(_ line: String) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }
}
