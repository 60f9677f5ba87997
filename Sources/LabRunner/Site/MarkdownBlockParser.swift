/// Markdown lines → blocks, following CommonMark's block rules for what the notebook shows
/// (see docs/notebook.md for what differs from cmark-gfm). Link reference definitions are
/// collected into `references` for the inline pass.
struct MarkdownBlockParser {
    private(set) var references: [String: MarkdownLink] = [:]

    mutating func parse(_ lines: [MarkdownLine]) -> [MarkdownBlock] {
        var blocks: [MarkdownBlock] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.isBlank { index += 1; continue }
            if let (block, next) = startBlock(lines, at: index) {
                if let block { blocks.append(block) }
                index = next
                continue
            }
            if line.indent >= 4 {
                var end = index
                var last = index
                while end < lines.count, lines[end].isBlank || lines[end].indent >= 4 {
                    if !lines[end].isBlank { last = end }
                    end += 1
                }
                let code = lines[index...last].map { String($0.dropping(columns: 4).text) + "\n" }.joined()
                blocks.append(.indentedCode(code))
                index = last + 1
                continue
            }
            index = paragraph(lines, at: index, into: &blocks)
        }
        return blocks
    }

    /// A block that can start at `index` (and interrupt a paragraph), and the line after it;
    /// a nil block for a start that yields nothing (an empty definition list).
    private mutating func startBlock(_ lines: [MarkdownLine], at index: Int) -> (MarkdownBlock?, Int)? {
        let line = lines[index]
        if MarkdownLineKind.isThematicBreak(line) { return (.thematicBreak, index + 1) }
        if let heading = MarkdownLineKind.atxHeading(line) { return (.heading(level: heading.level, text: heading.text), index + 1) }
        if let fence = MarkdownLineKind.fenceOpening(line) { return fenced(lines, at: index, fence) }
        if let condition = MarkdownLineKind.htmlBlockStart(line) {
            var end = index
            if condition <= 5 {
                while end < lines.count, !MarkdownLineKind.htmlBlockEnds(condition, lines[end]) { end += 1 }
                end = min(end + 1, lines.count)
            } else {
                while end < lines.count, !lines[end].isBlank { end += 1 }
            }
            return (.html(lines[index..<end].map { String($0.text) + "\n" }.joined()), end)
        }
        if line.indent < 4, line.trimmed.hasPrefix(">") { return blockQuote(lines, at: index) }
        if let marker = MarkdownLineKind.listMarker(line) { return list(lines, at: index, marker) }
        return nil
    }

    private func fenced(_ lines: [MarkdownLine], at index: Int,
                        _ fence: (character: Character, length: Int, indent: Int, info: String)) -> (MarkdownBlock?, Int) {
        var end = index + 1
        var code = ""
        while end < lines.count, !MarkdownLineKind.isFenceClosing(lines[end], character: fence.character, length: fence.length) {
            code += lines[end].dropping(columns: fence.indent).text + "\n"
            end += 1
        }
        return (.fencedCode(info: fence.info, code: code, line: lines[index].number), min(end + 1, lines.count))
    }

    /// Whether `line` ends a paragraph without being part of it.
    private func interrupts(_ line: MarkdownLine) -> Bool {
        if line.isBlank || MarkdownLineKind.isThematicBreak(line) || MarkdownLineKind.atxHeading(line) != nil
            || MarkdownLineKind.fenceOpening(line) != nil { return true }
        if line.indent < 4, line.trimmed.hasPrefix(">") { return true }
        if let condition = MarkdownLineKind.htmlBlockStart(line), condition < 7 { return true }
        if let marker = MarkdownLineKind.listMarker(line), !marker.isEmpty, marker.start == nil || marker.start == 1 { return true }
        return false
    }

    private mutating func paragraph(_ lines: [MarkdownLine], at index: Int, into blocks: inout [MarkdownBlock]) -> Int {
        var end = index
        var text: [Substring] = []
        while end < lines.count {
            let line = lines[end]
            if end > index {
                if line.indent < 4, let character = line.trimmed.first, character == "=" || character == "-",
                   line.trimmed.trimming(" ").allSatisfy({ $0 == character }) {
                    let content = definitionsRemoved(text)
                    if content.isEmpty { break }
                    blocks.append(.heading(level: character == "=" ? 1 : 2, text: content))
                    return end + 1
                }
                if interrupts(line) { break }
            }
            // A table: this line is the header, the next its delimiter row.
            if end + 1 < lines.count, line.text.utf8.contains(UInt8(ascii: "|")), let alignments = MarkdownLineKind.tableAlignments(lines[end + 1]),
               MarkdownLineKind.tableCells(line.text).count == alignments.count {
                let content = definitionsRemoved(text)
                if !content.isEmpty { blocks.append(.paragraph(content)) }
                return table(lines, at: end, alignments, into: &blocks)
            }
            text.append(line.trimmed)
            end += 1
        }
        let content = definitionsRemoved(text)
        if !content.isEmpty { blocks.append(.paragraph(content)) }
        return end
    }

    private func table(_ lines: [MarkdownLine], at index: Int, _ alignments: [TableAlignment],
                       into blocks: inout [MarkdownBlock]) -> Int {
        let header = MarkdownLineKind.tableCells(lines[index].text)
        var rows: [[String]] = []
        var end = index + 2
        while end < lines.count, !interrupts(lines[end]) {
            var cells = MarkdownLineKind.tableCells(lines[end].text)
            cells = Array(cells.prefix(header.count)) + Array(repeating: "", count: max(0, header.count - cells.count))
            rows.append(cells)
            end += 1
        }
        blocks.append(.table(header: header, alignments: alignments, rows: rows))
        return end
    }

    /// The paragraph's text after the link reference definitions at its start (kept in `references`).
    private mutating func definitionsRemoved(_ lines: [Substring]) -> String {
        var rest = lines[...]
        while let first = rest.first, first.hasPrefix("["), let (label, link) = MarkdownInlines.definition(String(first)) {
            if references[label] == nil { references[label] = link }
            rest = rest.dropFirst()
        }
        var text = rest.joined(separator: "\n")
        while text.last == " " { text.removeLast() }
        return text
    }
}
