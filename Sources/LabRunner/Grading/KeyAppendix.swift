/// The graded lab's source: the submission's bytes, then the key's, so that every block of the
/// graded lab (the submission's cells, the key's hidden checks and expected outputs) has a line
/// and byte offsets in one source, as the compiler's column shifts and the reports' excerpts need.
struct KeyAppendix: Sendable {
    let source: MarkdownSource
    /// Lines of the submission: a key line plus this is its line in the joint source.
    let lineOffset: Int
    private let byteOffset: Int

    init(submission: MarkdownSource, key: MarkdownSource) {
        let ending = submission.bytes.last
        let separator: [UInt8] = submission.bytes.isEmpty || ending == 0x0A || ending == 0x0D ? [] : [0x0A]
        source = MarkdownSource(bytes: submission.bytes + separator + key.bytes)
        lineOffset = submission.lines.count
        byteOffset = submission.bytes.count + separator.count
    }

    /// A block of the key, where it sits in the joint source.
    func moved(_ block: FencedBlock) -> FencedBlock {
        FencedBlock(info: block.info, code: block.code, fenceCharacter: block.fenceCharacter, fenceLength: block.fenceLength,
                    fenceIndent: block.fenceIndent, openingLine: block.openingLine + lineOffset,
                    closingLine: block.closingLine.map { $0 + lineOffset },
                    contentLines: block.contentLines.map { ContentLine(line: $0.line + lineOffset, textStart: $0.textStart + byteOffset) },
                    containerPrefix: block.containerPrefix,
                    contentRange: (block.contentRange.lowerBound + byteOffset)..<(block.contentRange.upperBound + byteOffset),
                    blockRange: (block.blockRange.lowerBound + byteOffset)..<(block.blockRange.upperBound + byteOffset))
    }

    /// The key's expected outputs for a submission's cell: the key's text, placed at the
    /// submission's own block for the same scenarios when it has one (so a diff points at the
    /// block the student sees), else at the key's block in the joint source.
    func expected(_ outputs: [ExpectedOutput], at cell: Cell?) -> [ExpectedOutput] {
        outputs.map { output in
            let theirs = cell?.outputs.first { Set($0.scenarios) == Set(output.scenarios) }?.block
            let place = theirs ?? moved(output.block)
            let block = FencedBlock(info: place.info, code: output.block.code, fenceCharacter: place.fenceCharacter,
                                    fenceLength: place.fenceLength, fenceIndent: place.fenceIndent, openingLine: place.openingLine,
                                    closingLine: place.closingLine, contentLines: place.contentLines,
                                    containerPrefix: place.containerPrefix, contentRange: place.contentRange, blockRange: place.blockRange)
            return ExpectedOutput(block: block, scenarios: output.scenarios)
        }
    }
}
