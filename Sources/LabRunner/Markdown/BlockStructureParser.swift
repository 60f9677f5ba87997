/// The CommonMark block-structure pass (and GitHub's tables): one line at a time, first
/// match the open containers (block quotes, list items), then continue the open leaf
/// block, then open new blocks, then decide between lazy paragraph continuation and
/// closing what did not match.
///
/// The order of checks and the tab bookkeeping follow the reference implementation
/// (cmark's blocks.c, cmark-gfm's table extension), so corner cases agree with it. The
/// fenced blocks are always collected; the whole block tree only when a `BlockTreeBuilder`
/// is given (the pages need it, the Lab stage does not pay for it).
struct BlockStructureParser {
    /// How deep block quotes and list items nest in the block tree; a marker deeper than this is
    /// the innermost paragraph's text. cmark-gfm bounds list nesting (at 100) for the same reason:
    /// every pass over the tree (the pages' renderer, heading and link collection) follows its
    /// depth, and 10,000 levels on one 20 KB line overflowed the stack. Without a tree (the Lab
    /// stage's fences) nothing recurses, and every container is kept.
    static let maximumNesting = 100

    /// An open container block. Lists themselves need no entry: in CommonMark a list
    /// always continues while its last item or its parent does, and a list marker
    /// can never be indented 4+ columns, so items alone decide the structure.
    struct Container {
        let isListItem: Bool
        /// List items: columns a continuation line needs (marker offset + padding).
        let contentIndent: Int
        /// List items: whether any block was opened in it. An item that began with a
        /// blank line and got nothing ends at the next blank line.
        var hasChild = false
    }

    /// The open leaf block of the innermost container, if any.
    enum Leaf: Equatable {
        case none
        case paragraph
        case indentedCode
        case html(kind: Int)
        case fenced
        /// A GitHub table: its rows continue while lines have text and start nothing else.
        case table
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let lines: UnsafeBufferPointer<SourceLine>
    var containers: [Container] = []
    var leaf = Leaf.none
    var fence: OpenFence?
    var blocks: [FencedBlock] = []
    /// Inside an HTML comment that opened with `<!-- labrunner: setup`: its fences are hidden
    /// setup blocks, the one exception to "an HTML block holds no fences" (`HiddenSetup`).
    var setupComment = false
    /// The open paragraph's last line: a delimiter row under it makes it a table's header.
    var lastParagraphLine: LeafLine?
    /// The whole tree, when asked for.
    var tree: BlockTreeBuilder?
    /// Also return indented code blocks (`FencedBlock.isIndented`): documentation comments'
    /// samples are mostly indented. Off for Markdown files, whose samples are fenced.
    let recordsIndentedCode: Bool
    /// The indented code block being recorded (`recordsIndentedCode` only).
    var indentedCode: OpenIndentedCode?
    /// What the line just processed was, for the tree's blank-line bookkeeping: blank after
    /// its containers, and whether it went to an open code or HTML block.
    private var lineIsBlank = false
    private var lineInLeaf = false

    init(bytes: UnsafeBufferPointer<UInt8>, lines: UnsafeBufferPointer<SourceLine>,
         buildsTree: Bool = false, recordsIndentedCode: Bool = false) {
        self.bytes = bytes
        self.lines = lines
        self.recordsIndentedCode = recordsIndentedCode
        if buildsTree { tree = BlockTreeBuilder(bytes: bytes, lines: lines) }
    }

    /// Parses every line and returns the fenced blocks found.
    mutating func run() -> [FencedBlock] {
        // An index loop rather than `run(lineIndices: lines.indices)`: iterating a generic
        // sequence goes through its witnesses per line in a debug build.
        var index = 0
        while index < lines.count {
            step(index)
            index += 1
        }
        return finish()
    }

    /// Parses only the lines at `indices` (0-based, ascending) as one document: a documentation
    /// comment's lines within its Swift file, each line's `start` already past the comment's prefix.
    mutating func run(lineIndices: some Sequence<Int>) -> [FencedBlock] {
        for index in lineIndices { step(index) }
        return finish()
    }

    private mutating func step(_ index: Int) {
        lineIsBlank = false
        lineInLeaf = false
        process(lines[index], number: index + 1)
        tree?.noteLine(number: index + 1, blank: lineIsBlank, inLeaf: lineInLeaf)
    }

    /// Parses every line and returns the document's blocks (needs `buildsTree`).
    mutating func runTree() -> [MarkdownBlock] {
        _ = run()
        return tree?.finish() ?? []
    }

    /// Closes whatever is still open and returns the fenced blocks found.
    private mutating func finish() -> [FencedBlock] {
        closeLeaf()
        containers.removeAll()
        return blocks
    }

    private mutating func process(_ line: SourceLine, number: Int) {
        var cursor = LineCursor(bytes: bytes, start: line.start, end: line.contentEnd)

        // 1. Which open containers does this line continue?
        var matched = 0
        while matched < containers.count {
            cursor.findFirstNonspace()
            let container = containers[matched]
            if container.isListItem {
                if cursor.indent >= container.contentIndent {
                    cursor.advance(columns: container.contentIndent)
                } else if cursor.isBlank && container.hasChild {
                    cursor.advanceToFirstNonspace()
                } else {
                    break
                }
            } else {
                guard cursor.indent <= 3, cursor.byte(at: cursor.firstNonspace) == MarkdownASCII.greaterThan else { break }
                cursor.consumeBlockQuoteMarker()
            }
            matched += 1
        }

        // 2. Does it continue the open leaf? Code and HTML blocks take the whole line.
        var paragraphContinues = false
        var tableContinues = false
        if matched == containers.count {
            cursor.findFirstNonspace()
            lineIsBlank = cursor.isBlank
            lineInLeaf = true
            switch leaf {
            case .fenced:
                continueFence(&cursor, line: line, number: number)
                return
            case .indentedCode:
                if cursor.indent >= 4 || cursor.isBlank {
                    addIndentedCodeLine(&cursor, line: line, number: number)
                    return
                }
            case .html(let kind):
                if !(cursor.isBlank && kind >= 6) {
                    continueHTML(&cursor, kind: kind, line: line, number: number)
                    return
                }
            case .paragraph:
                paragraphContinues = !cursor.isBlank
            case .table:
                tableContinues = !cursor.isBlank
            case .none:
                break
            }
            lineInLeaf = false
        }

        // 3. Open new blocks; containers nest, and a leaf start ends the line.
        let tipIsParagraph = leaf == .paragraph
        var maybeLazy = tipIsParagraph
        var openedBlock = false
        var thematicBreakKill = 0
        while true {
            cursor.findFirstNonspace()
            let indented = cursor.indent >= 4
            let position = cursor.firstNonspace
            let first = cursor.byte(at: position)
            let end = cursor.end

            let mayNest = tree == nil || matched < Self.maximumNesting
            if !indented && mayNest && first == MarkdownASCII.greaterThan {
                openBlock(matched: matched)
                tree?.openContainer(quote: true, marker: nil, line: number, matched: matched)
                cursor.consumeBlockQuoteMarker()
                containers.append(Container(isListItem: false, contentIndent: 0))
                matched = containers.count
            } else if !indented && first == MarkdownASCII.hash && BlockStart.isATXHeading(bytes, at: position, end: end) {
                openBlock(matched: matched)
                addSingleLineLeaf(.atxHeading(level: BlockStart.atxLevel(bytes, at: position, end: end)),
                                  LeafLine(line: number, textStart: position), matched: matched)
                return
            } else if !indented, let opening = BlockStart.openingFence(bytes, at: position, end: end) {
                openBlock(matched: matched)
                tree?.openLeaf(.fencedCode, line: number, matched: matched)
                openFence(opening, cursor: cursor, line: line, number: number)
                return
            } else if !indented && first == MarkdownASCII.lessThan,
                      // Kind 7 cannot interrupt a paragraph, not even one this line
                      // might continue lazily.
                      let kind = HTMLBlockCondition.start(bytes, at: position, end: end,
                                                          allowKind7: !paragraphContinues && !maybeLazy) {
                openBlock(matched: matched)
                let endsHere = HTMLBlockCondition.endsOnLine(kind: kind, bytes, from: position, end: end)
                tree?.openLeaf(.html, line: number, matched: matched)
                let start = leafLine(cursor, number: number)
        tree?.addLine(start)
                if endsHere { tree?.closeLeaf() }
                leaf = endsHere ? .none : .html(kind: kind)
                setupComment = kind == 2 && !endsHere && HiddenSetup.opens(bytes, at: position, end: end)
                return
            } else if !indented && paragraphContinues && BlockStart.isSetextUnderline(bytes, at: position, end: end) {
                // The paragraph becomes a heading and ends here.
                tree?.retype(.setextHeading(level: first == UInt8(ascii: "=") ? 1 : 2), line: number)
                tree?.closeLeaf()
                leaf = .none
                return
            } else if !indented && isThematicBreak(at: position, end: end, kill: &thematicBreakKill) {
                openBlock(matched: matched)
                addSingleLineLeaf(.thematicBreak, LeafLine(line: number, textStart: position), matched: matched)
                return
            } else if !indented, mayNest,
                      let marker = BlockStart.listMarker(bytes, at: position, end: end, interruptsParagraph: paragraphContinues) {
                openBlock(matched: matched)
                tree?.openContainer(quote: false, marker: marker, line: number, matched: matched)
                let contentIndent = cursor.consumeListMarker(width: marker.width)
                containers.append(Container(isListItem: true, contentIndent: contentIndent))
                matched = containers.count
            } else if indented && !maybeLazy && !cursor.isBlank {
                openBlock(matched: matched)
                tree?.openLeaf(.indentedCode, line: number, matched: matched)
                openIndentedCode(&cursor, line: line, number: number)
                leaf = .indentedCode
                return
            } else {
                break
            }
            // Only containers get here.
            openedBlock = true
            maybeLazy = false
            paragraphContinues = false  // a new block ended the paragraph
            tableContinues = false
        }

        // GitHub's tables: a delimiter row under a paragraph's last line, then rows.
        if tableContinues {
            tree?.addLine(LeafLine(line: number, textStart: cursor.firstNonspace))
            return
        }
        if paragraphContinues && cursor.indent < 4 && openTable(at: cursor.firstNonspace, end: cursor.end, number: number) {
            return
        }

        // 4. A non-blank line that only failed to continue containers continues an
        // open paragraph lazily; anything else closes what did not match.
        lineIsBlank = cursor.isBlank
        if !openedBlock && tipIsParagraph && !paragraphContinues && !cursor.isBlank {
            addParagraphLine(cursor, number: number)
            return
        }
        if !paragraphContinues { closeLeaf() }
        closeContainers(from: matched)
        if paragraphContinues { addParagraphLine(cursor, number: number) }
        if paragraphContinues || cursor.isBlank { return }
        markChild()
        leaf = .paragraph
        tree?.openLeaf(.paragraph, line: number, matched: matched)
        addParagraphLine(cursor, number: number)
    }

    /// A thematic break at `position`. A failed scan leaves in `kill` where it
    /// stopped: scans from later starts on the same line fail no later, so they are
    /// skipped, which keeps lines like "- - - … - x" (one list item per marker) linear.
    private func isThematicBreak(at position: Int, end: Int, kill: inout Int) -> Bool {
        guard position >= kill else { return false }
        let result = BlockStart.thematicBreak(bytes, at: position, end: end)
        if !result.isBreak { kill = result.stop }
        return result.isBreak
    }
}
