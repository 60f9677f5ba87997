/// Compares an expected transcript (with wildcards) to what a cell actually printed.
///
/// Both texts are split at "\n" with trailing whitespace trimmed per line and trailing blank lines
/// ignored (`TranscriptLines`). `[..]` in an expected line matches any text within that line; an
/// expected line that is exactly `...` matches any number of lines, zero included; everything else
/// is literal and compared byte for byte.
struct TranscriptComparison: Sendable {
    let isMatch: Bool
    /// The actual text, with each actual line (or run of lines) that a wildcard line of `expected`
    /// accounts for replaced by that wildcard line, and lines equal to an expected line written as
    /// in `expected`; what `--update` writes back so that wildcards that still match survive.
    /// Normalized: trailing whitespace trimmed per line, no trailing blank lines, each line followed
    /// by "\n" ("" when empty). When isMatch, it equals the normalized expected text. Read back as
    /// an expected transcript, it always matches `actual`.
    let reconciled: String
    /// Unified diff of the normalized expected text against `reconciled` (so wildcard lines that
    /// still match show as context, not as changes); no hunks when isMatch.
    let diff: TranscriptDiff

    init(expected: String, actual: String) {
        let expectedLines = TranscriptLines(expected)
        let parsed = ExpectedLine.parse(expectedLines)
        let actualLines = TranscriptLines(actual)
        if TranscriptMatcher.matches(parsed, actualLines) {
            isMatch = true
            reconciled = expectedLines.normalized
            diff = TranscriptDiff(hunks: [])
            return
        }
        let (lines, script) = TranscriptReconciler(
            expectedLines: expectedLines, expected: parsed, actual: actualLines
        ).reconcile()
        isMatch = false
        reconciled = TranscriptLines.join(lines)
        diff = TranscriptDiff(script: script, a: expectedLines.text, b: { lines[$0] })
    }
}
