/// Plans the edits that make a guide's `// Prints` comments say what its samples printed.
///
/// Only the text after `// Prints ` changes, byte for byte in place: a quoted comment stays
/// quoted; an unquoted one stays unquoted while the new line still reads as one value
/// (`PrintsComments.isValue`), else it becomes quoted (unquoted prose would no longer count).
/// A sample that printed more or fewer lines than it has comments is left alone, with a note:
/// where new comments belong is the author's call. Output blocks are never added to a guide.
package enum PrintsUpdater {
    package static func plan(_ guide: GuideOutcome) -> ([DocumentEdit], UpdateSummary) {
        var edits: [DocumentEdit] = []
        var summary = UpdateSummary()
        let source = guide.lab.source
        for outcome in guide.samples {
            guard case .failed(.prints(let mismatch)) = outcome.verdict else { continue }
            let sample = guide.plan.samples[outcome.index]
            let line = sample.line
            if mismatch.actual.count != mismatch.expected.count {
                summary.notes.append("not updated: the sample at line \(line) printed \(mismatch.actual.count) line\(mismatch.actual.count == 1 ? "" : "s") "
                                     + "but has \(mismatch.expected.count) // Prints comment\(mismatch.expected.count == 1 ? "" : "s") (one per line); add or remove comments by hand")
                continue
            }
            if let bad = mismatch.actual.firstIndex(where: { $0.unicodeScalars.contains { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F || $0 == "\u{FFFD}" } }) {
                summary.notes.append("not updated: the sample at line \(line) printed a control character or bytes that are not UTF-8 "
                                     + "(line \(bad + 1) of its output), which a comment cannot hold")
                continue
            }
            guard let planned = commentEdits(sample, printed: mismatch.actual, source: source) else {
                summary.notes.append("not updated: the comments of the sample at line \(line) are indented with tabs the fence's indentation splits")
                continue
            }
            edits += planned
            summary.printsRewritten += planned.count
            summary.updatedSamples.insert(line)
        }
        return (edits, summary)
    }

    /// The edits of one sample's comments, nil when a comment's bytes in the file are not its bytes in the code.
    private static func commentEdits(_ sample: GuideSample, printed: [String], source: MarkdownSource) -> [DocumentEdit]? {
        let code = Array(sample.cell.block.code.utf8)
        var lineStarts = [0]
        for (offset, byte) in code.enumerated() where byte == SwiftASCII.newline { lineStarts.append(offset + 1) }
        let contentLines = sample.cell.block.contentLines
        var edits: [DocumentEdit] = []
        for (comment, text) in zip(sample.prints, printed) where comment.text != text {
            guard comment.line <= contentLines.count, comment.line <= lineStarts.count else { return nil }
            let column = comment.valueRange.lowerBound - lineStarts[comment.line - 1]
            let start = contentLines[comment.line - 1].textStart + column
            let range = start..<(start + comment.valueRange.count)
            guard range.upperBound <= source.bytes.count, source.bytes[range].elementsEqual(code[comment.valueRange]) else { return nil }
            let replacement = comment.quoted || PrintsComments.isValue(Array(text.utf8)) ? text : "\"\(text)\""
            edits.append(DocumentEdit(range: range, replacement: Array(replacement.utf8)))
        }
        return edits
    }
}
