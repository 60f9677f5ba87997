/// Decides whether actual lines match expected lines, treating `...` lines like `*` in a glob
/// whose other "characters" are whole lines.
enum TranscriptMatcher {
    /// The classic linear wildcard algorithm over lines: on a mismatch, retry from the most recent
    /// `...` with it covering one more actual line. Only the latest `...` needs revisiting, because
    /// anything an earlier one could cover, the latest one can cover too. Linear in the usual
    /// case; O(N·M) line comparisons only for pathological repetitive input.
    static func matches(_ expected: [ExpectedLine], _ actual: TranscriptLines) -> Bool {
        var e = 0, a = 0
        var starE = -1, starA = 0  // latest `...` seen, and the first actual line it does not yet cover
        while a < actual.count {
            if e < expected.count, expected[e].isAnyLines {
                starE = e
                starA = a
                e += 1
            } else if e < expected.count, expected[e].matches(actual[a]) {
                e += 1
                a += 1
            } else if starE >= 0 {
                starA += 1
                a = starA
                e = starE + 1
            } else {
                return false
            }
        }
        while e < expected.count, expected[e].isAnyLines { e += 1 }
        return e == expected.count
    }
}
