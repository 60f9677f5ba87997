/// The CommonMark block-structure pass, reduced to what decides where fenced code
/// blocks are: one line at a time, first match the open containers (block quotes,
/// list items), then continue the open leaf block, then open new blocks, then
/// decide between lazy paragraph continuation and closing what did not match.
///
/// The order of checks and the tab bookkeeping follow the reference implementation
/// (cmark's blocks.c), so corner cases agree with it. Only what can change the
/// outcome for fences is tracked: e.g. headings and thematic breaks are recognized
/// because they end paragraphs, but their content is ignored.
struct BlockStructureParser {
    /// An open container block. Lists themselves need no entry: in CommonMark a list
    /// always continues while its last item or its parent does, and a list marker
    /// can never be indented 4+ columns, so items alone decide the structure.
    private struct Container {
        let isListItem: Bool
        /// List items: columns a continuation line needs (marker offset + padding).
        let contentIndent: Int
        /// List items: whether any block was opened in it. An item that began with a
        /// blank line and got nothing ends at the next blank line.
        var hasChild = false
    }

    /// The open leaf block of the innermost container, if any.
    private enum Leaf: Equatable {
        case none
        case paragraph
        case indentedCode
        case html(kind: Int)
        case fenced
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let lines: UnsafeBufferPointer<SourceLine>
    private var containers: [Container] = []
    private var leaf = Leaf.none
    private var fence: OpenFence?
    private var blocks: [FencedBlock] = []
    /// Inside an HTML comment that opened with `<!-- labrunner: setup`: its fences are hidden
    /// setup blocks, the one exception to "an HTML block holds no fences" (`HiddenSetup`).
    private var setupComment = false
    /// Also return indented code blocks (`FencedBlock.isIndented`): documentation comments'
    /// samples are mostly indented. Off for Markdown files, whose samples are fenced.
    private let recordsIndentedCode: Bool
    private var indented: OpenIndentedCode?

    init(bytes: UnsafeBufferPointer<UInt8>, lines: UnsafeBufferPointer<SourceLine>, recordsIndentedCode: Bool = false) {
        self.bytes = bytes
        self.lines = lines
        self.recordsIndentedCode = recordsIndentedCode
    }

    /// Parses every line and returns the fenced blocks found.
    mutating func run() -> [FencedBlock] {
        for index in lines.indices {
            process(lines[index], number: index + 1)
        }
        return finish()
    }

    /// Parses only the lines at `indices` (0-based, ascending) as one document: a documentation
    /// comment's lines within its Swift file, each line's `start` already past the comment's prefix.
    mutating func run(lineIndices: some Sequence<Int>) -> [FencedBlock] {
        for index in lineIndices {
            process(lines[index], number: index + 1)
        }
        return finish()
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
        if matched == containers.count {
            cursor.findFirstNonspace()
            switch leaf {
            case .fenced:
                continueFence(&cursor, line: line, number: number)
                return
            case .indentedCode:
                if cursor.indent >= 4 || cursor.isBlank {
                    let isBlank = cursor.isBlank
                    cursor.advance(columns: 4)
                    indented?.add(cursor, isBlank: isBlank, line: line, number: number)
                    return
                }
            case .html(let kind):
                if !(cursor.isBlank && kind >= 6) {
                    let ends = HTMLBlockCondition.endsOnLine(kind: kind, bytes, from: cursor.offset, end: cursor.end)
                    if setupComment { continueSetupComment(&cursor, line: line, number: number, ends: ends) }
                    if ends {
                        leaf = .none
                        setupComment = false
                    }
                    return
                }
            case .paragraph:
                paragraphContinues = !cursor.isBlank
            case .none:
                break
            }
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

            if !indented && first == MarkdownASCII.greaterThan {
                openBlock(matched: matched)
                cursor.consumeBlockQuoteMarker()
                containers.append(Container(isListItem: false, contentIndent: 0))
                matched = containers.count
            } else if !indented && first == MarkdownASCII.hash && BlockStart.isATXHeading(bytes, at: position, end: end) {
                openBlock(matched: matched)
                return
            } else if !indented, let opening = BlockStart.openingFence(bytes, at: position, end: end) {
                openBlock(matched: matched)
                openFence(opening, cursor: cursor, line: line, number: number)
                return
            } else if !indented && first == MarkdownASCII.lessThan,
                      // Kind 7 cannot interrupt a paragraph, not even one this line
                      // might continue lazily.
                      let kind = HTMLBlockCondition.start(bytes, at: position, end: end,
                                                          allowKind7: !paragraphContinues && !maybeLazy) {
                openBlock(matched: matched)
                let endsHere = HTMLBlockCondition.endsOnLine(kind: kind, bytes, from: position, end: end)
                leaf = endsHere ? .none : .html(kind: kind)
                setupComment = kind == 2 && !endsHere && HiddenSetup.opens(bytes, at: position, end: end)
                return
            } else if !indented && paragraphContinues && BlockStart.isSetextUnderline(bytes, at: position, end: end) {
                // The paragraph becomes a heading and ends here.
                leaf = .none
                return
            } else if !indented && isThematicBreak(at: position, end: end, kill: &thematicBreakKill) {
                openBlock(matched: matched)
                return
            } else if !indented,
                      let width = BlockStart.listMarkerWidth(bytes, at: position, end: end, interruptsParagraph: paragraphContinues) {
                openBlock(matched: matched)
                let contentIndent = cursor.consumeListMarker(width: width)
                containers.append(Container(isListItem: true, contentIndent: contentIndent))
                matched = containers.count
            } else if indented && !maybeLazy && !cursor.isBlank {
                openBlock(matched: matched)
                leaf = .indentedCode
                if recordsIndentedCode {
                    var code = cursor
                    code.advance(columns: 4)
                    self.indented = OpenIndentedCode(first: code, line: line, number: number,
                                                containerPrefix: containerPrefix(fenceIndent: 4))
                }
                return
            } else {
                break
            }
            // Only containers get here.
            openedBlock = true
            maybeLazy = false
            paragraphContinues = false  // a new block ended the paragraph
        }

        // 4. A non-blank line that only failed to continue containers continues an
        // open paragraph lazily; anything else closes what did not match.
        if !openedBlock && tipIsParagraph && !paragraphContinues && !cursor.isBlank {
            return
        }
        if !paragraphContinues { closeLeaf() }
        closeContainers(from: matched)
        if paragraphContinues || cursor.isBlank { return }
        markChild()
        leaf = .paragraph
    }

    // MARK: - Steps

    /// A line inside an open fence (all containers matched): either its closing
    /// fence or a content line.
    private mutating func continueFence(_ cursor: inout LineCursor, line: SourceLine, number: Int) {
        // Scalars only: holding a copy of the fence would make every addLine copy
        // its buffers (copy-on-write), turning long blocks quadratic.
        guard let character = fence?.fenceCharacter, let length = fence?.fenceLength,
              let fenceIndent = fence?.fenceIndent else { return }
        if cursor.indent <= 3 && cursor.byte(at: cursor.firstNonspace) == character
            && BlockStart.closingFenceLength(bytes, at: cursor.firstNonspace, end: cursor.end,
                                             character: character) >= length {
            if let open = fence { blocks.append(open.finish(closing: (number, line), bytes: bytes, lines: lines)) }
            fence = nil
            leaf = .none
            return
        }
        addFenceLine(&cursor, fenceIndent: fenceIndent, line: line, number: number)
    }

    /// A content line of the open fence, less up to the fence's own indentation (CommonMark).
    private mutating func addFenceLine(_ cursor: inout LineCursor, fenceIndent: Int, line: SourceLine, number: Int) {
        var indentation = fenceIndent
        while indentation > 0 && MarkdownASCII.isSpaceOrTab(cursor.byte(at: cursor.offset)) {
            cursor.advance(columns: 1)
            indentation -= 1
        }
        fence?.addLine(number: number, cursor: cursor, lineEnd: line.end)
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

    /// A line of a setup comment: it opens, continues or closes a hidden fence. The comment's
    /// end (`-->`) ends a fence still open, unclosed (the Lab stage says so).
    private mutating func continueSetupComment(_ cursor: inout LineCursor, line: SourceLine, number: Int, ends: Bool) {
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

    private mutating func openFence(
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

    /// "> " per block quote, a list item's content indentation as spaces, then the
    /// fence's own indentation; built in one allocation (deep nesting is possible).
    private func containerPrefix(fenceIndent: Int) -> String {
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

    // MARK: - Tree bookkeeping

    /// A new block starts in the innermost matched container: whatever did not
    /// match, and the current leaf, end first.
    private mutating func openBlock(matched: Int) {
        closeLeaf()
        closeContainers(from: matched)
        markChild()
    }

    private mutating func markChild() {
        if !containers.isEmpty { containers[containers.count - 1].hasChild = true }
    }

    /// Ends the open leaf; an unclosed fence becomes a block that ends here.
    private mutating func closeLeaf() {
        if leaf == .fenced || setupComment, let open = fence {
            var block = open.finish(closing: nil, bytes: bytes, lines: lines)
            block.isHiddenSetup = setupComment
            blocks.append(block)
            fence = nil
        }
        if let open = indented {
            blocks.append(open.finish(bytes: bytes, lines: lines))
            indented = nil
        }
        leaf = .none
        setupComment = false
    }

    /// Ends the containers from index `index` on (the leaf must be closed already,
    /// or belong to a container that stays open).
    private mutating func closeContainers(from index: Int) {
        if index < containers.count {
            closeLeaf()
            containers.removeSubrange(index...)
        }
    }
}
