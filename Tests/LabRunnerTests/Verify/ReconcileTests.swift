import Testing
@testable import LabRunner

struct ReconcileTests {
    @Test(arguments: [
        // expected, actual, reconciled
        // match: the expected text, normalized, wildcards and all
        ("a \n[..]ms\n...\n\n", "a\n3ms\nx\ny", "a\n[..]ms\n...\n"),
        // a literal change shows up as the actual line
        ("a\nb\nc", "a\nB\nc", "a\nB\nc\n"),
        // a [..] line that still matches survives next to a change
        ("took [..]ms\nresult 1", "took 5ms\nresult 2", "took [..]ms\nresult 2\n"),
        // a [..] line that no longer matches is replaced by the actual line
        ("took [..]ms\nresult 1", "took 5s\nresult 1", "took 5s\nresult 1\n"),
        // ... stays when the run it covers still fits; the change after it shows up
        ("Compiling\n...\nResult: 42", "Compiling\nstep 1\nstep 2\nResult: 43",
         "Compiling\n...\nResult: 43\n"),
        // ... covering nothing still fits and is kept
        ("a\n...\nb", "a\nc", "a\n...\nc\n"),
        // an unmatched line before ... is replaced by the first line of the gap
        ("a\nb\n...\nz", "a\nB\n1\n2\nz", "a\nB\n...\nz\n"),
        // an unmatched line between two ... is dropped; both stay
        ("...\nb\n...", "x\ny", "...\n...\n"),
        // expected lines that vanished are dropped
        ("a\nb\nc", "a\nc", "a\nc\n"),
        ("a\nb", "", ""),
        ("", "x\ny\n", "x\ny\n"),
        // ... at the end keeps covering extra lines after a change
        ("head 1\n...", "head 2\nx\ny", "head 2\n...\n"),
        // prefers pairing the line after ... with its later occurrence, so ... covers the first
        ("...\nDone\nend", "Done\nx\nDone\nfin", "...\nDone\nfin\n"),
        // lines equal to an expected pattern line keep the pattern
        ("id [..]\nid [..]\nok", "id 1\nid 2\nfail", "id [..]\nid [..]\nfail\n"),
        // trailing whitespace in actual is normalized away
        ("a", "b  \r\n\n", "b\n"),
        // the replaced line's neighbour ... covers actual lines that look like wildcards
        ("x\n...", "y\n...\nz", "y\n...\n"),
    ])
    func reconciledText(expected: String, actual: String, reconciled: String) {
        let comparison = TranscriptComparison(expected: expected, actual: actual)
        #expect(comparison.reconciled == reconciled)
        // What --update writes back must pass next time.
        #expect(TranscriptComparison(expected: comparison.reconciled, actual: actual).isMatch)
    }

    /// Actual lines that look like wildcards are written back verbatim and still match themselves.
    @Test(arguments: [
        ("x", "..."),
        ("x", "a[..]b"),
    ])
    func reconciledTextAlwaysMatchesActual(expected: String, actual: String) {
        let comparison = TranscriptComparison(expected: expected, actual: actual)
        #expect(!comparison.isMatch)
        #expect(comparison.reconciled == TranscriptLines(actual).normalized)
        #expect(TranscriptComparison(expected: comparison.reconciled, actual: actual).isMatch)
    }

    @Test func diffShowsWildcardLinesThatStillMatchAsContext() {
        let comparison = TranscriptComparison(
            expected: "start [..]\n...\nResult: 42\n",
            actual: "start 9:00\nworking\nworking\nResult: 43\n")
        #expect(comparison.diff.renderedLines() == [
            "@@ -1,3 +1,3 @@",
            " start [..]",
            " ...",
            "-Result: 42",
            "+Result: 43",
        ])
    }

    @Test func diffReplacesAWildcardLineThatNoLongerMatches() {
        let comparison = TranscriptComparison(expected: "took [..]ms\nok", actual: "took 2s\nok")
        #expect(comparison.diff.hunks == [
            TranscriptDiff.Hunk(expectedStart: 1, expectedCount: 2, actualStart: 1, actualCount: 2, lines: [
                .removed("took [..]ms"), .added("took 2s"), .context("ok"),
            ]),
        ])
    }

    @Test func diffOfEmptyExpectedAgainstOutput() {
        let comparison = TranscriptComparison(expected: "", actual: "hello\nworld\n")
        #expect(comparison.diff.renderedLines() == ["@@ -0,0 +1,2 @@", "+hello", "+world"])
    }

    @Test func diffOfExpectedAgainstNoOutput() {
        let comparison = TranscriptComparison(expected: "hello\n...\n", actual: "")
        #expect(comparison.reconciled == "...\n")
        #expect(comparison.diff.renderedLines() == ["@@ -1,2 +1,1 @@", "-hello", " ..."])
    }
}
