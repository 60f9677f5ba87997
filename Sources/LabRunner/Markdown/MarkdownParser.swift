/// The one Markdown block parser's entry points: the fenced code blocks of a document (the
/// Lab stage, fence finding) or its whole block tree (the pages), following CommonMark 0.31's
/// block structure (containers, laziness, indented code, HTML blocks, tabs) and GitHub's tables.
enum MarkdownParser {
    /// Every fenced code block, any language, in document order (a block nested in a
    /// list item inside a block quote counts like a top-level one).
    static func fencedBlocks(in source: MarkdownSource) -> [FencedBlock] {
        source.bytes.withUnsafeBufferPointer { bytes in
            source.lines.withUnsafeBufferPointer { lines in
                var parser = BlockStructureParser(bytes: bytes, lines: lines)
                return parser.run()
            }
        }
    }

    /// The document's blocks: containers with their children, leaves with their text, each
    /// fenced block the same `FencedBlock` that `fencedBlocks(in:)` finds (hidden setup blocks
    /// stay inside their HTML comment).
    static func blocks(in source: MarkdownSource) -> [MarkdownBlock] {
        source.bytes.withUnsafeBufferPointer { bytes in
            source.lines.withUnsafeBufferPointer { lines in
                var parser = BlockStructureParser(bytes: bytes, lines: lines, buildsTree: true)
                return parser.runTree()
            }
        }
    }
}
