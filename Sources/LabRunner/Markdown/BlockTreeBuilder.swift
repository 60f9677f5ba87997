/// Builds the block tree while `BlockStructureParser` reads the lines: it mirrors the parser's
/// open containers, adds the lists around their items (CommonMark's list nodes) and keeps what
/// cmark's blocks.c keeps to decide whether a list is tight (which blocks ended with a blank
/// line). Leaves record where each of their lines' text starts; their text is read once, when
/// they close.
struct BlockTreeBuilder {
    /// An open or closed block in the arena; `children` are arena indices.
    private struct Node {
        var kind: NodeKind
        let firstLine: Int
        var lastLine: Int
        var children: [Int] = []
        var parent: Int
        var endsWithBlankLine = false
        var lines: [LeafLine] = []
        var finished: MarkdownBlock.Kind?
    }

    enum NodeKind: Equatable {
        case document, blockQuote, list(ListMarker), listItem
        case paragraph, atxHeading(level: Int), setextHeading(level: Int), thematicBreak, html, indentedCode
        case fencedCode, table(header: [String], alignments: [TableAlignment])
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let lines: UnsafeBufferPointer<SourceLine>
    private var nodes: [Node]
    /// Open containers from the document down: block quotes, lists and list items.
    private var stack: [Int] = [0]
    private var leaf: Int?

    init(bytes: UnsafeBufferPointer<UInt8>, lines: UnsafeBufferPointer<SourceLine>) {
        self.bytes = bytes
        self.lines = lines
        nodes = [Node(kind: .document, firstLine: 1, lastLine: 1, parent: -1)]
    }

    /// A new block quote or list item inside the `matched`-th open container of the parser
    /// (0: the document). An item joins the list already open there when its marker matches.
    mutating func openContainer(quote: Bool, marker: ListMarker?, line: Int, matched: Int) {
        let position = stackPosition(ofContainer: matched)
        if let marker {
            if position + 1 < stack.count, case .list(let open) = nodes[stack[position + 1]].kind, open.continues(with: marker) {
                closeStack(after: position + 1)
            } else {
                closeStack(after: position)
                push(add(.list(marker), line: line))
            }
            push(add(.listItem, line: line))
        } else {
            closeStack(after: position)
            push(add(.blockQuote, line: line))
        }
    }

    /// A new leaf inside the parser's `matched`-th container.
    mutating func openLeaf(_ kind: NodeKind, line: Int, matched: Int) {
        closeLeaf()
        closeStack(after: stackPosition(ofContainer: matched))
        leaf = add(kind, line: line)
    }

    /// One line of the open leaf: its text starts at `textStart`, after `tabSpaces` spaces
    /// left of a tab the indentation only partly consumed.
    mutating func addLine(_ line: LeafLine) {
        guard let leaf else { return }
        nodes[leaf].lines.append(line)
        // Trailing blank lines of indented code are not part of it.
        if line.textStart < lines[line.line - 1].contentEnd { nodes[leaf].lastLine = line.line }
    }

    var openLeafKind: NodeKind? { leaf.map { nodes[$0].kind } }

    /// The open paragraph becomes a heading (a setext underline) or gives its last line to a
    /// table's header; the text of its other lines stays a paragraph.
    mutating func retype(_ kind: NodeKind, line: Int) {
        guard let leaf else { return }
        nodes[leaf].kind = kind
        nodes[leaf].lastLine = line
    }

    /// The open paragraph's last line, which a delimiter row under it makes a table header.
    var lastParagraphLine: LeafLine? {
        guard let leaf, nodes[leaf].kind == .paragraph else { return nil }
        return nodes[leaf].lines.last
    }

    /// Ends the paragraph before its last line, which starts a table with `header`.
    mutating func openTable(header: [String], alignments: [TableAlignment], headerLine: LeafLine, line: Int) {
        guard let paragraph = leaf else { return }
        nodes[paragraph].lines.removeLast()
        let parent = nodes[paragraph].parent
        if nodes[paragraph].lines.isEmpty {
            nodes[parent].children.removeLast()
        } else {
            nodes[paragraph].lastLine = headerLine.line - 1
            close(paragraph)
        }
        let table = nodes.count
        nodes.append(Node(kind: .table(header: header, alignments: alignments), firstLine: headerLine.line, lastLine: line, parent: parent))
        nodes[parent].children.append(table)
        leaf = table
    }

    mutating func closeLeaf(fence: FencedBlock? = nil) {
        guard let open = leaf else { return }
        leaf = nil
        if let fence { nodes[open].finished = .fencedCode(fence); nodes[open].lastLine = fence.closingLine ?? fence.contentLines.last?.line ?? fence.openingLine }
        close(open)
    }

    /// Closes the parser's containers from its `index`-th on; a list stays open while its
    /// parent does (a next item may join it).
    mutating func closeContainers(from index: Int) {
        closeLeaf()
        let position = stackPosition(ofContainer: index)
        if position + 2 < stack.count, case .list = nodes[stack[position + 1]].kind {
            closeStack(after: position + 1)
        } else {
            closeStack(after: position)
        }
    }

    /// After each line: cmark's "last line blank" flags, which decide whether lists are tight.
    /// A blank line marks the deepest block it reached (unless that is a block quote, a fence
    /// or an item opened empty on this very line) and the last child there; a line with text
    /// clears the whole open chain.
    mutating func noteLine(number: Int, blank: Bool, inLeaf: Bool) {
        let deepest = inLeaf ? (leaf ?? stack[stack.count - 1]) : stack[stack.count - 1]
        if blank {
            if !inLeaf, let last = nodes[deepest].children.last { nodes[last].endsWithBlankLine = true }
            let node = nodes[deepest]
            let excluded = node.kind == .blockQuote || node.kind == .fencedCode
                || (node.kind == .listItem && node.children.isEmpty && node.firstLine == number)
            nodes[deepest].endsWithBlankLine = !excluded
        } else {
            nodes[deepest].endsWithBlankLine = false
            if let leaf { nodes[leaf].endsWithBlankLine = false }
        }
        var ancestor = nodes[deepest].parent
        while ancestor >= 0 {
            nodes[ancestor].endsWithBlankLine = false
            nodes[ancestor].lastLine = max(nodes[ancestor].lastLine, number)
            ancestor = nodes[ancestor].parent
        }
        if !blank || !inLeaf { nodes[deepest].lastLine = max(nodes[deepest].lastLine, number) }
    }

    /// Closes everything and returns the document's blocks.
    mutating func finish() -> [MarkdownBlock] {
        closeLeaf()
        closeStack(after: 0)
        return nodes[0].children.compactMap(block)
    }

    // MARK: - Arena

    private mutating func add(_ kind: NodeKind, line: Int) -> Int {
        let parent = stack[stack.count - 1]
        nodes.append(Node(kind: kind, firstLine: line, lastLine: line, parent: parent))
        nodes[parent].children.append(nodes.count - 1)
        return nodes.count - 1
    }

    private mutating func push(_ node: Int) { stack.append(node) }

    /// Where the parser's `index`-th container (0: the document) is in `stack`, lists skipped.
    private func stackPosition(ofContainer index: Int) -> Int {
        var seen = 0
        for (position, node) in stack.enumerated() {
            if case .list = nodes[node].kind { continue }
            if seen == index { return position }
            seen += 1
        }
        return stack.count - 1
    }

    private mutating func closeStack(after position: Int) {
        closeLeaf()
        while stack.count > position + 1 {
            close(stack.removeLast())
        }
    }

    private mutating func close(_ node: Int) {
        guard nodes[node].finished == nil else { return }
        nodes[node].finished = LeafText(bytes: bytes, lines: lines).kind(of: nodes[node].kind, lines: nodes[node].lines,
                                                                         isTight: isTight(node))
    }

    /// cmark's rule: a list is loose when an item other than the last ends with a blank
    /// line, or a blank line ends one of an item's children that something follows.
    private func isTight(_ node: Int) -> Bool {
        guard case .list = nodes[node].kind else { return true }
        let items = nodes[node].children
        for (itemIndex, item) in items.enumerated() {
            let hasNext = itemIndex + 1 < items.count
            if nodes[item].endsWithBlankLine && hasNext { return false }
            let children = nodes[item].children
            for (childIndex, child) in children.enumerated()
            where (hasNext || childIndex + 1 < children.count) && endsWithBlankLine(child) {
                return false
            }
        }
        return true
    }

    private func endsWithBlankLine(_ node: Int) -> Bool {
        var current = node
        while true {
            if nodes[current].endsWithBlankLine { return true }
            switch nodes[current].kind {
            case .list, .listItem:
                guard let last = nodes[current].children.last else { return false }
                current = last
            default:
                return false
            }
        }
    }

    private func block(_ index: Int) -> MarkdownBlock? {
        let node = nodes[index]
        guard let kind = node.finished else { return nil }
        let children = node.children.compactMap(block)
        let last = max(node.lastLine, children.last?.lines.upperBound ?? node.firstLine)
        return MarkdownBlock(kind: kind, lines: node.firstLine...last, children: children)
    }
}
