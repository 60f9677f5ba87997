/// A heading of a page with the id its anchor has, for the link beside it and the page's contents.
struct PageHeading: Sendable, Equatable {
    let level: Int
    /// Its GitHub slug (`HeadingSlugs`): letters, digits, marks, `_` and `-` only, so it is safe
    /// in an attribute and after `#` as written.
    let id: String
    /// Its text as inline HTML (escaped and filtered as any prose).
    let html: String
    /// Its text without markup, references decoded: what the slug and the contents are made of.
    let text: String
    /// The heading's first line in the document: which block it is.
    let line: Int

    /// The small link to the heading itself, shown on hover; its `#` comes from the style, so the
    /// heading's text stays its own (for copying and for screen readers).
    var selfLink: String {
        "<a class=\"anchor\" href=\"#\(id)\" aria-label=\"Link to this section\"></a>"
    }
}

extension MarkdownHTML {
    /// Every heading of `blocks`, in containers too, with its id; ids are handed out in document
    /// order, as GitHub does, so the same heading text gets `-1`, `-2` after the first.
    func collectHeadings(in blocks: [MarkdownBlock]) -> [PageHeading] {
        var slugs = HeadingSlugs(reserved: reservedIDs)
        var result: [PageHeading] = []
        func visit(_ blocks: [MarkdownBlock]) {
            for block in blocks {
                if case .heading(let level, let text) = block.kind {
                    let html = inlines(text)
                    let plain = HTMLFilter.decodingReferences(MarkdownInlines.plainText(text, references: references))
                    result.append(PageHeading(level: level, id: slugs.id(for: plain), html: html, text: plain, line: block.lines.lowerBound))
                }
                visit(block.children)
            }
        }
        visit(blocks)
        return result
    }
}
