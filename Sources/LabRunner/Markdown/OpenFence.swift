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
    private var code: [UInt8] = []
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
    mutating func addLine(number: Int, cursor: LineCursor, lineEnd: Int) {
        contentLines.append(ContentLine(line: number, textStart: cursor.offset))
        var textStart = cursor.offset
        if cursor.partiallyConsumedTab {
            // The tab's columns not consumed by the indentation become spaces.
            code.append(contentsOf: repeatElement(ASCII.space, count: 4 - cursor.column % 4))
            textStart += 1
        }
        if textStart < cursor.end {
            code.append(contentsOf: UnsafeBufferPointer(rebasing: cursor.bytes[textStart..<cursor.end]))
        }
        code.append(UInt8(ascii: "\n"))
        contentEnd = lineEnd
    }

    /// The finished block; `closing` is the closing fence line (1-based number and
    /// its offsets), nil when the block ended with its container or the document.
    func finish(closing: (number: Int, line: SourceLine)?) -> FencedBlock {
        let contentRange = closing.map { contentStart..<$0.line.start } ?? contentStart..<contentEnd
        let blockEnd = closing?.line.end ?? contentRange.upperBound
        return FencedBlock(
            info: info,
            code: String(decoding: code, as: UTF8.self),
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

    /// The info string of an opening fence: the rest of the line after the fence
    /// characters, spaces and tabs trimmed, backslash escapes of ASCII punctuation
    /// decoded. Entity references are left as written (callers match on plain words
    /// such as "swift", where entities do not occur).
    static func infoString(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        var lower = start
        var upper = end
        while lower < upper && ASCII.isSpaceOrTab(bytes[lower]) { lower += 1 }
        while upper > lower && ASCII.isSpaceOrTab(bytes[upper - 1]) { upper -= 1 }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(upper - lower)
        var cursor = lower
        while cursor < upper {
            let byte = bytes[cursor]
            if byte == ASCII.backslash && cursor + 1 < upper && ASCII.isPunctuation(bytes[cursor + 1]) {
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
