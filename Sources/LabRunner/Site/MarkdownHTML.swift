/// The Markdown stage's blocks → HTML as cmark-gfm writes it (`cmark-gfm -e table`, raw HTML
/// filtered): the notebook's prose, and what the differential test holds to cmark-gfm. The
/// blocks come from `MarkdownParser.blocks(in:)`, the parser the Lab stage reads cells with;
/// inlines and link reference definitions are read here.
struct MarkdownHTML {
    /// Renders a fenced block in place of `<pre><code>`; nil keeps the default. The notebook
    /// puts a cell's highlighted code and results there: the block is the one the lab's cell has.
    var fence: (FencedBlock) -> String? = { _ in nil }
    /// The link reference definitions links are resolved with: the document's, collected by
    /// `render(_:skippingLines:)`; set for blocks rendered apart from their document.
    var references: [String: MarkdownLink] = [:]
    /// Told of raw HTML and refused URLs met (`FilterLog`); nil: nobody asks.
    var log: FilterLog? = nil
    /// Gives each heading an id (GitHub's slug) and a link to itself; off for the differential
    /// test, which holds the renderer to cmark-gfm, whose headings have none.
    var anchorsHeadings = false
    /// Ids a heading must not take: the page's own anchors.
    var reservedIDs: Set<String> = []
    /// Where a link's destination leads (`SiteLinks.href`); as written by default.
    var linkTarget: (String) -> String = { $0 }
    /// The headings of the last document rendered, in order, when `anchorsHeadings` is on.
    private(set) var headings: [PageHeading] = []

    mutating func render(_ text: String) -> String {
        render(MarkdownSource(text: text))
    }

    /// The HTML of the document's blocks that start after line `skipped` (its front matter).
    mutating func render(_ source: MarkdownSource, skippingLines skipped: Int = 0) -> String {
        let blocks = MarkdownParser.blocks(in: source).filter { $0.lines.lowerBound > skipped }
        references = LinkDefinitions.collect(in: blocks)
        headings = anchorsHeadings ? collectHeadings(in: blocks) : []
        return render(blocks, tight: false)
    }

    func render(_ blocks: [MarkdownBlock], tight: Bool) -> String {
        blocks.map { render($0, tight: tight) }.joined()
    }

    func inlines(_ text: String) -> String {
        MarkdownInlines.html(text, references: references, linkTarget: linkTarget, log: log)
    }

    func render(_ block: MarkdownBlock, tight: Bool) -> String {
        switch block.kind {
        case .heading(let level, let text):
            if let heading = headings.first(where: { $0.line == block.lines.lowerBound }) {
                return "<h\(level) id=\"\(heading.id)\">\(heading.html)" + heading.selfLink + "</h\(level)>\n"
            }
            return "<h\(level)>\(inlines(text))</h\(level)>\n"
        case .paragraph(let text):
            let content = LinkDefinitions.removed(from: text)
            if content.isEmpty { return "" }
            return tight ? inlines(content) + "\n" : "<p>\(inlines(content))</p>\n"
        case .fencedCode(let fenced):
            if let custom = fence(fenced) { return custom }
            let language = fenced.info.split(separator: " ").first.map { " class=\"language-\(HTMLEscaping.attribute($0))\"" } ?? ""
            return "<pre><code\(language)>\(HTMLEscaping.text(fenced.code))</code></pre>\n"
        case .indentedCode(let code):
            return "<pre><code>\(HTMLEscaping.text(code))</code></pre>\n"
        case .html(let html):
            log?.record()
            return HTMLFilter.html(html, linkTarget: linkTarget)
        case .thematicBreak:
            return "<hr />\n"
        case .blockQuote:
            return "<blockquote>\n\(render(block.children, tight: false))</blockquote>\n"
        case .list(let list):
            return self.list(list, items: block.children)
        case .listItem:
            return render(block.children, tight: tight)
        case .table(let table):
            return self.table(table)
        }
    }

    private func list(_ list: MarkdownList, items: [MarkdownBlock]) -> String {
        let tag = list.start == nil ? "ul" : "ol"
        let startAttribute = list.start.map { $0 == 1 ? "" : " start=\"\($0)\"" } ?? ""
        let body = items.map { item in
            let startsWithText = item.children.first.map { if case .paragraph = $0.kind { list.isTight } else { false } } ?? true
            return "<li>" + (startsWithText ? "" : "\n")
                + render(item.children, tight: list.isTight).trimmingTrailingNewlineIfTight(list.isTight) + "</li>\n"
        }.joined()
        return "<\(tag)\(startAttribute)>\n\(body)</\(tag)>\n"
    }

    private func table(_ table: MarkdownTable) -> String {
        func cells(_ values: [String], _ tag: String) -> String {
            zip(values, table.alignments).map { value, alignment in
                let align = switch alignment {
                case .none: ""
                case .left: " align=\"left\""
                case .center: " align=\"center\""
                case .right: " align=\"right\""
                }
                return "<\(tag)\(align)>\(inlines(value))</\(tag)>\n"
            }.joined()
        }
        let head = "<thead>\n<tr>\n\(cells(table.header, "th"))</tr>\n</thead>\n"
        let body = table.rows.isEmpty ? "" : "<tbody>\n" + table.rows.map { "<tr>\n\(cells($0, "td"))</tr>\n" }.joined() + "</tbody>\n"
        return "<table>\n\(head)\(body)</table>\n"
    }
}

private extension String {
    /// A tight item's last paragraph ends without a newline before `</li>`.
    func trimmingTrailingNewlineIfTight(_ tight: Bool) -> String {
        tight && hasSuffix("\n") && !hasSuffix(">\n") ? String(dropLast()) : self
    }
}
