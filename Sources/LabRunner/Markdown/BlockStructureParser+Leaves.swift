/// The steps that read a line into the open leaf block: fences (and the hidden ones of a
/// setup comment), HTML blocks, paragraphs and GitHub's tables.
extension BlockStructureParser {
    /// A line of an open HTML block; the block ends on the line that meets its end condition.
    mutating func continueHTML(_ cursor: inout LineCursor, kind: Int, line: SourceLine, number: Int) {
        let start = leafLine(cursor, number: number)
        tree?.addLine(start)
        let ends = HTMLBlockCondition.endsOnLine(kind: kind, bytes, from: cursor.offset, end: cursor.end)
        if setupComment { continueSetupComment(&cursor, line: line, number: number, ends: ends) }
        if ends {
            tree?.closeLeaf()
            leaf = .none
            setupComment = false
        }
    }

    /// A paragraph's line, from its first non-space.
    mutating func addParagraphLine(_ cursor: LineCursor, number: Int) {
        let line = LeafLine(line: number, textStart: cursor.firstNonspace)
        lastParagraphLine = line
        tree?.addLine(line)
    }

    /// A heading or a thematic break: a leaf of one line.
    mutating func addSingleLineLeaf(_ kind: BlockTreeBuilder.NodeKind, _ line: LeafLine, matched: Int) {
        tree?.openLeaf(kind, line: line.line, matched: matched)
        tree?.addLine(line)
        tree?.closeLeaf()
    }

    /// Where the rest of the line starts, a partly consumed tab counted as its remaining spaces.
    func leafLine(_ cursor: LineCursor, number: Int) -> LeafLine {
        LeafLine(line: number, textStart: cursor.offset,
                 tabSpaces: cursor.partiallyConsumedTab ? 4 - cursor.column % 4 : 0)
    }

    /// A delimiter row at `position` under the open paragraph whose last line has as many
    /// cells: that line becomes a table's header (cmark-gfm), the lines before it stay a
    /// paragraph. Only rows that start with a pipe, a colon or a dash are looked at.
    mutating func openTable(at position: Int, end: Int, number: Int) -> Bool {
        guard position < end, let header = lastParagraphLine else { return false }
        let first = bytes[position]
        guard first == UInt8(ascii: "|") || first == UInt8(ascii: ":") || first == UInt8(ascii: "-") else { return false }
        let row = Substring(String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self))
        guard let alignments = TableRow.alignments(row) else { return false }
        let headerCells = TableRow.cells(Substring(LeafText(bytes: bytes, lines: lines).text(of: header)))
        guard headerCells.count == alignments.count else { return false }
        tree?.openTable(header: headerCells, alignments: alignments, headerLine: header, line: number)
        leaf = .table
        lastParagraphLine = nil
        return true
    }


    /// A line inside an open fence (all containers matched): either its closing
    /// fence or a content line.
    mutating func continueFence(_ cursor: inout LineCursor, line: SourceLine, number: Int) {
        // Scalars only: holding a copy of the fence would make every addLine copy
        // its buffers (copy-on-write), turning long blocks quadratic.
        guard let character = fence?.fenceCharacter, let length = fence?.fenceLength,
              let fenceIndent = fence?.fenceIndent else { return }
        if cursor.indent <= 3 && cursor.byte(at: cursor.firstNonspace) == character
            && BlockStart.closingFenceLength(bytes, at: cursor.firstNonspace, end: cursor.end,
                                             character: character) >= length {
            if let open = fence {
                let block = open.finish(closing: (number, line), bytes: bytes, lines: lines)
                blocks.append(block)
                tree?.closeLeaf(fence: block)
            }
            fence = nil
            leaf = .none
            return
        }
        addFenceLine(&cursor, fenceIndent: fenceIndent, line: line, number: number)
    }

    /// A content line of the open fence, less up to the fence's own indentation (CommonMark).
    mutating func addFenceLine(_ cursor: inout LineCursor, fenceIndent: Int, line: SourceLine, number: Int) {
        var indentation = fenceIndent
        while indentation > 0 && MarkdownASCII.isSpaceOrTab(cursor.byte(at: cursor.offset)) {
            cursor.advance(columns: 1)
            indentation -= 1
        }
        fence?.addLine(number: number, cursor: cursor, lineEnd: line.end)
    }

    /// A line of a setup comment: it opens, continues or closes a hidden fence. The comment's
    /// end (`-->`) ends a fence still open, unclosed (the Lab stage says so).
    mutating func continueSetupComment(_ cursor: inout LineCursor, line: SourceLine, number: Int, ends: Bool) {
        // Scalars only, as in `continueFence`: a copy of the fence would make `addLine` copy its buffers.
        guard let character = fence?.fenceCharacter, let length = fence?.fenceLength, let fenceIndent = fence?.fenceIndent else {
            if !ends, cursor.indent <= 3, let opening = BlockStart.openingFence(bytes, at: cursor.firstNonspace, end: cursor.end) {
                openFence(opening, cursor: cursor, line: line, number: number)
                leaf = .html(kind: 2)
            }
            return
        }
        let closes = cursor.indent <= 3 && cursor.byte(at: cursor.firstNonspace) == character
            && BlockStart.closingFenceLength(bytes, at: cursor.firstNonspace, end: cursor.end, character: character) >= length
        if closes || ends, let open = fence {
            var block = open.finish(closing: closes ? (number, line) : nil, bytes: bytes, lines: lines)
            block.isHiddenSetup = true
            blocks.append(block)
            fence = nil
            return
        }
        addFenceLine(&cursor, fenceIndent: fenceIndent, line: line, number: number)
    }

    /// "> " per block quote, a list item's content indentation as spaces, then the
    /// fence's own indentation; built in one allocation (deep nesting is possible).
    func containerPrefix(fenceIndent: Int) -> String {
        var count = fenceIndent
        for container in containers { count += container.isListItem ? container.contentIndent : 2 }
        guard count > 0 else { return "" }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var written = 0
            for container in containers {
                if container.isListItem {
                    for _ in 0..<container.contentIndent { buffer[written] = MarkdownASCII.space; written += 1 }
                } else {
                    buffer[written] = MarkdownASCII.greaterThan
                    buffer[written + 1] = MarkdownASCII.space
                    written += 2
                }
            }
            for _ in 0..<fenceIndent { buffer[written] = MarkdownASCII.space; written += 1 }
            return written
        }
    }

    mutating func openFence(
        _ opening: (character: UInt8, length: Int), cursor: LineCursor, line: SourceLine, number: Int
    ) {
        fence = OpenFence(
            fenceCharacter: opening.character,
            fenceLength: opening.length,
            fenceIndent: cursor.indent,
            openingLine: number,
            info: OpenFence.infoString(bytes, from: cursor.firstNonspace + opening.length, to: line.contentEnd),
            containerPrefix: containerPrefix(fenceIndent: cursor.indent),
            openingStart: line.start,
            contentStart: line.end
        )
        leaf = .fenced
    }
}
