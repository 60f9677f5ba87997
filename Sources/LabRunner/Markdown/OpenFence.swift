/// A fenced code block still being read: collects content lines until the closing
/// fence, or until its container or the document ends, then becomes a `FencedBlock`.
struct OpenFence {
    let fenceCharacter: UInt8
    let fenceLength: Int
    let fenceIndent: Int
    let openingLine: Int
    let info: String
    let containerPrefix: String
    let openingStart: Int
    /// Where content starts: just after the opening line's line ending.
    let contentStart: Int
    private var contentLines: [ContentLine] = []
    /// Lines whose code starts inside a tab: index into `contentLines` and the
    /// number of spaces the rest of the tab becomes. Almost always empty.
    private var tabRemainders: [(index: Int, spaces: Int)] = []
    /// End (after the line ending) of the last content line, for unclosed blocks.
    private var contentEnd: Int

    init(
        fenceCharacter: UInt8, fenceLength: Int, fenceIndent: Int, openingLine: Int,
        info: String, containerPrefix: String, openingStart: Int, contentStart: Int
    ) {
        self.fenceCharacter = fenceCharacter
        self.fenceLength = fenceLength
        self.fenceIndent = fenceIndent
        self.openingLine = openingLine
        self.info = info
        self.containerPrefix = containerPrefix
        self.openingStart = openingStart
        self.contentStart = contentStart
        self.contentEnd = contentStart
    }

    /// Adds one content line whose containers and fence indentation `cursor` has
    /// already consumed; `lineEnd` is the offset after the line's line ending.
    /// Only positions are recorded: the code text is copied once, in `finish`.
    mutating func addLine(number: Int, cursor: LineCursor, lineEnd: Int) {
        if contentLines.isEmpty { contentLines.reserveCapacity(8) }
        if cursor.partiallyConsumedTab {
            tabRemainders.append((contentLines.count, 4 - cursor.column % 4))
        }
        contentLines.append(ContentLine(line: number, textStart: cursor.offset))
        contentEnd = lineEnd
    }

    /// The finished block; `closing` is the closing fence line (1-based number and
    /// its offsets), nil when the block ended with its container or the document.
    func finish(
        closing: (number: Int, line: SourceLine)?,
        bytes: UnsafeBufferPointer<UInt8>, lines: UnsafeBufferPointer<SourceLine>
    ) -> FencedBlock {
        let contentRange = closing.map { contentStart..<$0.line.start } ?? contentStart..<contentEnd
        let blockEnd = closing?.line.end ?? contentRange.upperBound
        return FencedBlock(
            info: info,
            code: code(bytes: bytes, lines: lines),
            fenceCharacter: fenceCharacter,
            fenceLength: fenceLength,
            fenceIndent: fenceIndent,
            openingLine: openingLine,
            closingLine: closing?.number,
            contentLines: contentLines,
            containerPrefix: containerPrefix,
            contentRange: contentRange,
            blockRange: openingStart..<blockEnd
        )
    }

    /// Each line's text from its `textStart` (a partly consumed tab replaced by its
    /// remaining columns as spaces) plus "\n", built in a single allocation.
    private func code(bytes: UnsafeBufferPointer<UInt8>, lines: UnsafeBufferPointer<SourceLine>) -> String {
        guard !contentLines.isEmpty else { return "" }
        var capacity = 0
        for contentLine in contentLines {
            capacity += lines[contentLine.line - 1].contentEnd - contentLine.textStart + 1
        }
        for remainder in tabRemainders { capacity += remainder.spaces - 1 }
        return String(unsafeUninitializedCapacity: capacity) { buffer in
            var written = 0
            var nextRemainder = 0
            for (index, contentLine) in contentLines.enumerated() {
                var start = contentLine.textStart
                if nextRemainder < tabRemainders.count && tabRemainders[nextRemainder].index == index {
                    for _ in 0..<tabRemainders[nextRemainder].spaces {
                        buffer[written] = MarkdownASCII.space
                        written += 1
                    }
                    start += 1
                    nextRemainder += 1
                }
                let end = lines[contentLine.line - 1].contentEnd
                if start < end {
                    let source = UnsafeBufferPointer(rebasing: bytes[start..<end])
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[written..<(written + source.count)]).initialize(from: source)
                    written += source.count
                }
                buffer[written] = UInt8(ascii: "\n")
                written += 1
            }
            return written
        }
    }

    /// The info string of an opening fence: the rest of the line after the fence
    /// characters, spaces and tabs trimmed, backslash escapes of ASCII punctuation
    /// decoded. Entity references are left as written (callers match on plain words
    /// such as "swift", where entities do not occur).
    static func infoString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        var lower = start
        var upper = end
        while lower < upper && MarkdownASCII.isSpaceOrTab(bytes[lower]) { lower += 1 }
        while upper > lower && MarkdownASCII.isSpaceOrTab(bytes[upper - 1]) { upper -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: bytes[lower..<upper])
        guard trimmed.contains(MarkdownASCII.backslash) else { return String(decoding: trimmed, as: UTF8.self) }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(upper - lower)
        var cursor = lower
        while cursor < upper {
            let byte = bytes[cursor]
            if byte == MarkdownASCII.backslash && cursor + 1 < upper && MarkdownASCII.isPunctuation(bytes[cursor + 1]) {
                decoded.append(bytes[cursor + 1])
                cursor += 2
            } else {
                decoded.append(byte)
                cursor += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}
