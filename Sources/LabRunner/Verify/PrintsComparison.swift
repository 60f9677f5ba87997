/// A guide sample's output against its `// Prints` comments: one comment per printed line, in order.
package struct PrintsMismatch: Sendable, Equatable {
    /// What the comments state, in order.
    package let expected: [String]
    /// The lines it printed (a final line ending ends the last line, it does not start another).
    package let actual: [String]
    /// The Markdown line of each comment.
    package let commentLines: [Int]
    /// The run's seconds and standard error, for reports.
    package var duration: Double = 0
    package var stderr = ""

    /// The Markdown line of the first comment that differs; the last comment's when it printed
    /// more lines than there are comments.
    package var line: Int {
        let first = zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(expected.count, actual.count)
        return commentLines[min(first, commentLines.count - 1)]
    }

    /// Unified diff lines (- the comments, + what it printed).
    package var diff: [String] { LineDiff.diff(expected, actual).renderedLines() }

    /// The comments and what was printed, when they do not agree.
    /// - Parameters:
    ///   - comments: the sample's counted comments (at least one).
    ///   - lines: the Markdown line of each comment.
    package static func compare(_ comments: [PrintsComment], lines: [Int], output: String) -> PrintsMismatch? {
        let actual = printedLines(output)
        let expected = comments.map(\.text)
        return actual == expected ? nil : PrintsMismatch(expected: expected, actual: actual, commentLines: lines)
    }

    /// `output` as lines: split at "\n", a final "\n" closing the last line.
    package static func printedLines(_ output: String) -> [String] {
        var lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
