/// One line of a leaf block: where its text starts in the document's bytes.
struct LeafLine: Sendable, Equatable {
    /// 1-based line number.
    let line: Int
    let textStart: Int
    /// Spaces standing for the rest of a tab at `textStart` that the indentation only partly
    /// consumed (the tab itself is then not part of the text); 0 otherwise.
    var tabSpaces = 0
}

/// The text of a leaf block from its lines, as CommonMark defines each leaf's content.
struct LeafText {
    let bytes: UnsafeBufferPointer<UInt8>
    let lines: UnsafeBufferPointer<SourceLine>

    /// The finished kind of a block; containers get theirs from `isTight` (lists) alone.
    func kind(of kind: BlockTreeBuilder.NodeKind, lines leafLines: [LeafLine], isTight: Bool) -> MarkdownBlock.Kind? {
        switch kind {
        case .document: return nil
        case .blockQuote: return .blockQuote
        case .list(let marker): return .list(MarkdownList(start: marker.start, isTight: isTight))
        case .listItem: return .listItem
        case .paragraph: return .paragraph(paragraphText(leafLines))
        case .setextHeading(let level): return .heading(level: level, text: paragraphText(leafLines))
        case .atxHeading(let level): return .heading(level: level, text: leafLines.first.map(atxText) ?? "")
        case .thematicBreak: return .thematicBreak
        case .html: return .html(leafLines.map { text(of: $0) + "\n" }.joined())
        case .indentedCode:
            var kept = leafLines.map(text(of:))
            while kept.last?.allSatisfy({ $0 == " " || $0 == "\t" }) == true { kept.removeLast() }
            return .indentedCode(kept.map { $0 + "\n" }.joined())
        case .fencedCode: return nil  // closed with its `FencedBlock`
        case .table(let header, let alignments):
            let rows = leafLines.map { line in
                let cells = TableRow.cells(Substring(text(of: line)))
                return Array(cells.prefix(header.count)) + Array(repeating: "", count: max(0, header.count - cells.count))
            }
            return .table(MarkdownTable(header: header, alignments: alignments, rows: rows))
        }
    }

    /// A line's text from its start to its line ending.
    func text(of line: LeafLine) -> String {
        let end = lines[line.line - 1].contentEnd
        let start = line.tabSpaces > 0 ? line.textStart + 1 : line.textStart
        let rest = start < end ? String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self) : ""
        return String(repeating: " ", count: line.tabSpaces) + rest
    }

    /// Lines joined by "\n"; the final spaces and tabs are not content (CommonMark).
    private func paragraphText(_ leafLines: [LeafLine]) -> String {
        var text = leafLines.map(text(of:)).joined(separator: "\n")
        while let last = text.utf8.last, last == MarkdownASCII.space || last == MarkdownASCII.tab { text.removeLast() }
        return text
    }

    /// An ATX heading's text: after the `#`s, without a closing sequence of `#`s that follows a
    /// space (or is all there is), trimmed.
    private func atxText(_ line: LeafLine) -> String {
        var start = line.textStart
        var end = lines[line.line - 1].contentEnd
        while start < end && bytes[start] == MarkdownASCII.hash { start += 1 }
        while start < end && MarkdownASCII.isSpaceOrTab(bytes[start]) { start += 1 }
        while end > start && MarkdownASCII.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
        var closing = end
        while closing > start && bytes[closing - 1] == MarkdownASCII.hash { closing -= 1 }
        if closing < end && (closing == start || MarkdownASCII.isSpaceOrTab(bytes[closing - 1])) {
            end = closing
            while end > start && MarkdownASCII.isSpaceOrTab(bytes[end - 1]) { end -= 1 }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
