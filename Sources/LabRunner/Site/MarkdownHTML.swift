/// Markdown → HTML as cmark-gfm writes it (`cmark-gfm -e table`, raw HTML filtered): the
/// notebook's prose, and what the differential test holds to cmark-gfm.
struct MarkdownHTML {
    /// Renders a fenced block in place of `<pre><code>`; nil keeps the default. The notebook
    /// puts a cell's highlighted code and results there.
    var fence: (_ info: String, _ code: String, _ line: Int) -> String? = { _, _, _ in nil }
    private(set) var references: [String: MarkdownLink] = [:]

    /// The blocks of `text`, lines numbered from `firstLine` (after a front matter).
    func blocks(_ text: String, firstLine: Int = 1) -> ([MarkdownBlock], [String: MarkdownLink]) {
        var parser = MarkdownBlockParser()
        let blocks = parser.parse(MarkdownLine.lines(of: text, firstNumber: firstLine))
        return (blocks, parser.references)
    }

    mutating func render(_ text: String, firstLine: Int = 1) -> String {
        let (blocks, references) = blocks(text, firstLine: firstLine)
        self.references = references
        return render(blocks, tight: false)
    }

    func render(_ blocks: [MarkdownBlock], tight: Bool) -> String {
        blocks.map { render($0, tight: tight) }.joined()
    }

    func inlines(_ text: String) -> String {
        MarkdownInlines.html(text, references: references)
    }

    func render(_ block: MarkdownBlock, tight: Bool) -> String {
        switch block {
        case .heading(let level, let text):
            return "<h\(level)>\(inlines(text))</h\(level)>\n"
        case .paragraph(let text):
            return tight ? inlines(text) + "\n" : "<p>\(inlines(text))</p>\n"
        case .fencedCode(let info, let code, let line):
            if let custom = fence(info, code, line) { return custom }
            let language = info.split(separator: " ").first.map { " class=\"language-\(HTMLEscaping.attribute($0))\"" } ?? ""
            return "<pre><code\(language)>\(HTMLEscaping.text(code))</code></pre>\n"
        case .indentedCode(let code):
            return "<pre><code>\(HTMLEscaping.text(code))</code></pre>\n"
        case .html(let html):
            return HTMLFilter.html(html)
        case .thematicBreak:
            return "<hr />\n"
        case .blockQuote(let children):
            return "<blockquote>\n\(render(children, tight: false))</blockquote>\n"
        case .list(let start, let isTight, let items):
            let tag = start == nil ? "ul" : "ol"
            let startAttribute = start.map { $0 == 1 ? "" : " start=\"\($0)\"" } ?? ""
            let body = items.map { item in
                let startsWithText = item.first.map { if case .paragraph = $0 { isTight } else { false } } ?? true
                return "<li>" + (startsWithText ? "" : "\n")
                    + render(item, tight: isTight).trimmingTrailingNewlineIfTight(isTight) + "</li>\n"
            }.joined()
            return "<\(tag)\(startAttribute)>\n\(body)</\(tag)>\n"
        case .table(let header, let alignments, let rows):
            func cells(_ values: [String], _ tag: String) -> String {
                zip(values, alignments).map { value, alignment in
                    let align = switch alignment {
                    case .none: ""
                    case .left: " align=\"left\""
                    case .center: " align=\"center\""
                    case .right: " align=\"right\""
                    }
                    return "<\(tag)\(align)>\(inlines(value))</\(tag)>\n"
                }.joined()
            }
            let head = "<thead>\n<tr>\n\(cells(header, "th"))</tr>\n</thead>\n"
            let body = rows.isEmpty ? "" : "<tbody>\n" + rows.map { "<tr>\n\(cells($0, "td"))</tr>\n" }.joined() + "</tbody>\n"
            return "<table>\n\(head)\(body)</table>\n"
        }
    }
}

private extension String {
    /// A tight item's last paragraph ends without a newline before `</li>`.
    func trimmingTrailingNewlineIfTight(_ tight: Bool) -> String {
        tight && hasSuffix("\n") && !hasSuffix(">\n") ? String(dropLast()) : self
    }
}
