/// One documentation comment of a Swift file: a run of `///` lines on consecutive lines, or
/// one `/** … */` comment, as the Markdown DocC reads in it.
///
/// Each line's text is what is left after the comment's own syntax, the way the compiler hands
/// a doc comment to DocC (swift's `LineList` and `SymbolGraphGen`): `///` (or `/**` and `*/`)
/// removed; in a `/** */` comment whose lines after the first all start with `*` (after
/// blanks), that decoration removed too; then as many leading blanks as the first non-blank
/// line has (at most a line's own) removed from every line. So `///     let x = 1` under
/// `/// Text` is a line indented four columns: an indented code block.
struct DocComment: Sendable, Equatable {
    /// Where one Markdown line of the comment sits in the file.
    struct Line: Sendable, Equatable {
        /// 1-based line of the Swift file.
        let number: Int
        /// Byte offset of the Markdown text's first byte (past `///`, decoration and indentation).
        let start: Int
        /// Byte offset where the text ends: the line ending, or a `*/` on that line.
        let end: Int
    }

    let lines: [Line]
}

/// Finds the documentation comments of a Swift file with the Swift lexer (so `///` inside a
/// string literal or an ordinary block comment is not one).
enum DocCommentReader {
    /// Every documentation comment, in file order. A `///` comment counts only when nothing but
    /// blanks precedes it on its line; consecutive such lines are one comment.
    static func comments(in source: MarkdownSource) -> [DocComment] {
        var comments: [DocComment] = []
        var group: [(number: Int, start: Int, end: Int)] = []
        func closeGroup() {
            if !group.isEmpty { comments.append(DocComment(lines: stripped(group, decorated: false, bytes: source.bytes))) }
            group.removeAll()
        }
        for token in SwiftLexer.tokens(in: source.bytes) {
            switch token.kind {
            case .docLineComment:
                let number = source.lineAndColumn(ofByte: token.range.lowerBound).line
                let line = source.lines[number - 1]
                guard source.bytes[line.start..<token.range.lowerBound].allSatisfy(isBlank) else { continue }
                if let last = group.last, last.number != number - 1 { closeGroup() }
                group.append((number, token.range.lowerBound + 3, token.range.upperBound))
            case .docBlockComment:
                closeGroup()
                comments.append(blockComment(token, in: source))
            default:
                continue
            }
        }
        closeGroup()
        return comments
    }

    /// A `/** */` comment's lines: the text between `/**` and `*/`, line by line.
    private static func blockComment(_ token: Token, in source: MarkdownSource) -> DocComment {
        let first = source.lineAndColumn(ofByte: token.range.lowerBound).line
        let closerLength = token.isUnterminated ? 0 : 2
        let textEnd = max(token.range.lowerBound + 3, token.range.upperBound - closerLength)
        let last = source.lineAndColumn(ofByte: max(token.range.lowerBound, textEnd - 1)).line
        var lines: [(number: Int, start: Int, end: Int)] = []
        for number in first...last {
            let line = source.lines[number - 1]
            let start = number == first ? token.range.lowerBound + 3 : line.start
            let end = min(line.contentEnd, textEnd)
            lines.append((number, min(start, end), end))
        }
        let rest = lines.dropFirst().filter { !source.bytes[$0.start..<$0.end].allSatisfy(isBlank) }
        let decorated = !rest.isEmpty && rest.allSatisfy { line in
            source.bytes[line.start..<line.end].first(where: { !isBlank($0) }) == UInt8(ascii: "*")
        }
        return DocComment(lines: stripped(lines, decorated: decorated, bytes: source.bytes))
    }

    /// Removes a `/** */` comment's `*` decoration (never on its first line), then the first
    /// non-blank line's indentation from every line, as far as each line's own blanks go.
    private static func stripped(_ lines: [(number: Int, start: Int, end: Int)], decorated: Bool,
                                 bytes: [UInt8]) -> [DocComment.Line] {
        var lines = lines
        if decorated {
            for index in lines.indices.dropFirst() {
                var start = lines[index].start
                while start < lines[index].end, isBlank(bytes[start]) { start += 1 }
                if start < lines[index].end, bytes[start] == UInt8(ascii: "*") { lines[index].start = start + 1 }
            }
        }
        func blanks(_ line: (number: Int, start: Int, end: Int)) -> Int {
            bytes[line.start..<line.end].prefix(while: isBlank).count
        }
        let indentation = lines.first { blanks($0) < $0.end - $0.start }.map(blanks) ?? 0
        return lines.map { line in
            DocComment.Line(number: line.number, start: line.start + min(indentation, blanks(line)), end: line.end)
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}
