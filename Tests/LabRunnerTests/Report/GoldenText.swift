import Testing
@testable import LabRunner

/// Whole-text comparison for golden tests: on a difference, the failure shows a line diff
/// (- expected, + actual) instead of two long strings.
enum GoldenText {
    static func expect(_ actual: String, equals expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard actual != expected else { return }
        let diff = LineDiff.diff(lines(expected), lines(actual)).renderedLines()
        let message = "the text differs from the golden text (- expected, + actual):\n\(diff.joined(separator: "\n"))\n\nactual text:\n\(actual)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }

    private static func lines(_ text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
}
