/// The code blocks of a Swift file's documentation comments, found by the Markdown stage's
/// CommonMark parser run on each comment's lines with the comment's syntax stripped (as a block
/// quote's `> ` is): fenced blocks of any language and indented code blocks, each with byte
/// offsets and line numbers in the Swift file itself, so errors and `--update` edits land on
/// the `.swift` line, prefix kept.
struct DocCommentBlock: Sendable {
    let block: FencedBlock
    /// Index of its comment in `DocCommentReader.comments(in:)`: samples of one comment share context.
    let comment: Int
}

extension DocCommentReader {
    /// Every code block of every documentation comment, in file order.
    static func codeBlocks(in source: MarkdownSource) -> [DocCommentBlock] {
        let comments = comments(in: source)
        guard !comments.isEmpty else { return [] }
        // The file's lines, each comment line starting where its Markdown does; a comment is
        // parsed as a document of its own lines only.
        var lines = source.lines
        for comment in comments {
            for line in comment.lines {
                lines[line.number - 1] = SourceLine(start: line.start, contentEnd: line.end, end: lines[line.number - 1].end)
            }
        }
        return source.bytes.withUnsafeBufferPointer { bytes in
            lines.withUnsafeBufferPointer { lines in
                var found: [DocCommentBlock] = []
                for (index, comment) in comments.enumerated() {
                    var parser = BlockStructureParser(bytes: bytes, lines: lines, recordsIndentedCode: true)
                    found += parser.run(lineIndices: comment.lines.map { $0.number - 1 }).map {
                        DocCommentBlock(block: $0, comment: index)
                    }
                }
                return found
            }
        }
    }
}
