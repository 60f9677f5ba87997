/// Indented code blocks: the tree gets their lines when it is built, and documentation
/// comments (`recordsIndentedCode`) get them as `FencedBlock`s without a fence, because their
/// samples are mostly indented while a Markdown file's are fenced.
extension BlockStructureParser {
    /// The first line of an indented code block (at least 4 columns of indentation).
    mutating func openIndentedCode(_ cursor: inout LineCursor, line: SourceLine, number: Int) {
        if recordsIndentedCode {
            var code = cursor
            code.advance(columns: 4)
            indentedCode = OpenIndentedCode(first: code, line: line, number: number,
                                            containerPrefix: containerPrefix(fenceIndent: 4))
        }
        addTreeLine(&cursor, number: number)
    }

    /// A line that continues the open indented code block: indented 4 columns, or blank.
    mutating func addIndentedCodeLine(_ cursor: inout LineCursor, line: SourceLine, number: Int) {
        if indentedCode != nil {
            // A blank line keeps its spaces past the fourth column, as CommonMark's does.
            var code = cursor
            let isBlank = code.isBlank
            code.advance(columns: 4)
            indentedCode?.add(code, isBlank: isBlank, line: line, number: number)
        }
        addTreeLine(&cursor, number: number)
    }

    /// 4 columns of indentation are not content (a blank line's spaces up to its end are not either).
    private mutating func addTreeLine(_ cursor: inout LineCursor, number: Int) {
        guard tree != nil else { return }
        if cursor.indent >= 4 { cursor.advance(columns: 4) } else { cursor.advanceToFirstNonspace() }
        let start = leafLine(cursor, number: number)
        tree?.addLine(start)
    }
}
