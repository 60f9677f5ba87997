/// An indented code block still being read (only when a caller asks for them: documentation
/// comments, whose samples are mostly indented). It becomes a `FencedBlock` with no fence
/// (`isIndented`): its first content line is its `openingLine`, it has no closing line.
///
/// CommonMark keeps blank lines inside the block but not after it, so blank lines wait here
/// until a non-blank line shows they were inside.
struct OpenIndentedCode {
    private var lines: OpenFence
    private var pendingBlanks: [(number: Int, cursor: LineCursor, lineEnd: Int)] = []

    /// `cursor` has consumed the containers and the four columns of indentation.
    init(first cursor: LineCursor, line: SourceLine, number: Int, containerPrefix: String) {
        lines = OpenFence(fenceCharacter: 0, fenceLength: 0, fenceIndent: 0, openingLine: number, info: "",
                          containerPrefix: containerPrefix, openingStart: line.start, contentStart: line.start)
        lines.addLine(number: number, cursor: cursor, lineEnd: line.end)
    }

    /// A line that continues the block; `cursor` has consumed up to four columns of indentation.
    mutating func add(_ cursor: LineCursor, isBlank: Bool, line: SourceLine, number: Int) {
        if isBlank {
            pendingBlanks.append((number, cursor, line.end))
            return
        }
        for blank in pendingBlanks { lines.addLine(number: blank.number, cursor: blank.cursor, lineEnd: blank.lineEnd) }
        pendingBlanks.removeAll()
        lines.addLine(number: number, cursor: cursor, lineEnd: line.end)
    }

    func finish(bytes: UnsafeBufferPointer<UInt8>, lines sourceLines: UnsafeBufferPointer<SourceLine>) -> FencedBlock {
        lines.finish(closing: nil, bytes: bytes, lines: sourceLines)
    }
}
