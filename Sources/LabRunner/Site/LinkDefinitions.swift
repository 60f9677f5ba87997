/// Link reference definitions (`[label]: destination "title"`, one line each) at the start of
/// a paragraph: collected from the whole document before any inline is read (a link may come
/// before its definition), and not shown.
enum LinkDefinitions {
    /// Every definition in document order; the first of a label wins (CommonMark).
    static func collect(in blocks: [MarkdownBlock]) -> [String: MarkdownLink] {
        var references: [String: MarkdownLink] = [:]
        func visit(_ block: MarkdownBlock) {
            if case .paragraph(let text) = block.kind {
                for (label, link) in leading(text) where references[label] == nil { references[label] = link }
            }
            block.children.forEach(visit)
        }
        blocks.forEach(visit)
        return references
    }

    /// The paragraph's text after its leading definitions, trailing spaces removed.
    static func removed(from text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var rest = lines.dropFirst(leading(text).count).joined(separator: "\n")
        while rest.last == " " { rest.removeLast() }
        return rest
    }

    private static func leading(_ text: String) -> [(String, MarkdownLink)] {
        var found: [(String, MarkdownLink)] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("["), let definition = MarkdownInlines.definition(String(trimmed)) else { break }
            found.append(definition)
        }
        return found
    }
}
