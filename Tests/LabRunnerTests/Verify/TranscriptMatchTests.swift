import Testing
@testable import LabRunner

struct TranscriptMatchTests {
    @Test(arguments: [
        // expected, actual, isMatch
        ("", "", true),
        ("", "\n\n", true),
        ("  \n", "", true),
        ("", "a", false),
        ("a", "", false),
        ("a\nb", "a\nb\n", true),
        ("a\n\n\n", "a", true),
        ("a  \n", "a\t\r\n", true),
        ("a\nb", "a\nc", false),
        ("a\nb", "a", false),
        ("a", "a\nb", false),
        ("\na", "a", false),            // leading blank lines count
        (" a", "a", false),             // leading whitespace counts
        ("A", "a", false),
        // [..] within a line
        ("loaded [..] users in [..]ms", "loaded 3 users in 12ms", true),
        ("loaded [..] users in [..]ms", "loaded 3 users in 12s", false),
        ("[..]", "", false),             // [..] matches one line, not none
        ("[..]", "x", true),
        ("[..]", "x\ny", false),
        ("a[..]", "a\nb", false),        // [..] never spans lines
        ("[..][..]", "anything", true),
        // a literal line containing ... is literal
        ("wait...done", "wait...done", true),
        ("wait...done", "wait  done", false),
        ("wait...done", "wait", false),
        (" ...", "x", false),
        ("... ", "x\ny", true),          // trailing whitespace trimmed before classifying
        // ... lines
        ("...", "", true),
        ("...", "a\nb\nc", true),
        ("...\nz", "z", true),
        ("...\nz", "a\nb\nz", true),
        ("...\nz", "a\nz\nb", false),
        ("a\n...", "a", true),
        ("a\n...", "a\nb\nc", true),
        ("a\n...", "b\na", false),
        ("a\n...\nz", "a\nz", true),
        ("a\n...\nz", "a\n1\n2\nz", true),
        ("a\n...\nz", "a\n1\n2", false),
        ("...\n...", "a\nb", true),
        ("a\n...\n...\nz", "a\nz", true),
        ("a\n...\n...\nz", "a\nq\nz", true),
        ("...\nb\n...", "a\nb\nc", true),
        ("...\nb\n...", "a\nc", false),
        ("...\nb\n...\nd\n...", "b\nd", true),
        ("...\nb\n...\nd\n...", "d\nb", false),
        // backtracking: the line after ... appears several times
        ("...\nx\ny", "x\nq\nx\ny", true),
        ("...\nx\ny", "x\ny\nx\nq", false),
        ("a\n...\nx\nx\nend", "a\nx\nx\nx\nx\nend", true),
        ("a\n...\nx\n...\nx\nend", "a\nx\nend", false),
        ("a\n...\nx\n...\nx\nend", "a\nx\nx\nend", true),
        ("...\nx[..]\nend", "x1\nx2\nend", true),
        ("...\nx[..]\nend", "x1\nend\nx2", false),
    ])
    func matchingRules(expected: String, actual: String, isMatch: Bool) {
        let comparison = TranscriptComparison(expected: expected, actual: actual)
        #expect(comparison.isMatch == isMatch)
        #expect(comparison.diff.isEmpty == isMatch)
        if isMatch {
            #expect(comparison.reconciled == TranscriptLines(expected).normalized)
        }
    }
}
