/// A Markdown document's bytes split into lines, offsets kept for byte-exact rewriting.
///
/// Lines end at "\n", "\r\n" or a lone "\r" (the three CommonMark line endings).
/// A final line without a line ending counts as a line; a document that ends in a
/// line ending has no extra empty last line; an empty document has no lines.
/// A leading UTF-8 byte order mark is not part of line 1, but every offset still
/// counts it, so `bytes[range]` always addresses the original file.
struct MarkdownSource: Sendable {
    let bytes: [UInt8]
    /// `lines[i]` is line `i + 1`.
    let lines: [SourceLine]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        self.lines = MarkdownSource.splitLines(bytes)
    }

    init(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The text of one line, without its line ending; invalid UTF-8 is replaced (labs are checked for UTF-8 first).
    func text(of line: SourceLine) -> String {
        String(decoding: bytes[line.start..<line.contentEnd], as: UTF8.self)
    }

    /// 1-based line and byte column of `offset`, for errors about one byte (bad UTF-8, NUL).
    /// Columns count bytes, as in compiler diagnostics; a byte order mark is not in column 1.
    func lineAndColumn(ofByte offset: Int) -> (line: Int, column: Int) {
        // Binary search: the last line starting at or before `offset`.
        var low = 0, high = lines.count
        while low < high {
            let middle = (low + high) / 2
            if lines[middle].start <= offset { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return (1, 1) }
        return (low, offset - lines[low - 1].start + 1)
    }

    /// One linear pass; the only allocation is the result array. Reads through the buffer's base
    /// address: a pointer's subscript is inlined even in a debug build, a buffer's is a call.
    private static func splitLines(_ bytes: [UInt8]) -> [SourceLine] {
        bytes.withUnsafeBufferPointer { whole in
            guard let buffer = whole.baseAddress else { return [] }
            let count = whole.count
            var position = 0
            if count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF {
                position = 3
            }
            var lines: [SourceLine] = []
            // A cheap estimate avoids most regrowth without a counting pre-pass.
            lines.reserveCapacity(count / 40 + 1)
            var start = position
            while position < count {
                let byte = buffer[position]
                if byte == 0x0A {
                    lines.append(SourceLine(start: start, contentEnd: position, end: position + 1))
                    position += 1
                    start = position
                } else if byte == 0x0D {
                    let end = position + 1 < count && buffer[position + 1] == 0x0A ? position + 2 : position + 1
                    lines.append(SourceLine(start: start, contentEnd: position, end: end))
                    position = end
                    start = position
                } else {
                    position += 1
                }
            }
            if start < count {
                lines.append(SourceLine(start: start, contentEnd: count, end: count))
            }
            return lines
        }
    }
}

/// One line of a `MarkdownSource`, as byte offsets into `MarkdownSource.bytes`.
struct SourceLine: Sendable, Equatable {
    /// Offset of the line's first byte.
    let start: Int
    /// Offset of the line ending, or the end of the file for a final line without one.
    let contentEnd: Int
    /// Offset just after the line ending ("\n", "\r\n" or a lone "\r").
    let end: Int
}
