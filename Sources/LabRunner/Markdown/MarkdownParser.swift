/// Finds the fenced code blocks of a Markdown document, following CommonMark 0.31's
/// block structure (containers, laziness, indented code, HTML blocks, tabs).
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
}
