import Testing
@testable import LabRunner

/// Checks the fast algorithms against slow, obviously correct references on many small random
/// inputs over a tiny alphabet, where wildcard corner cases and repeated lines are frequent.
struct RandomizedTranscriptTests {
    static func randomLines(_ count: Int, from alphabet: [String], _ rng: inout SeededGenerator) -> [String] {
        (0..<Int.random(in: 0...count, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
    }

    /// Reference `[..]` matcher: plain recursion over characters.
    static func referenceLineMatch(_ pattern: Substring, _ text: Substring) -> Bool {
        if pattern.isEmpty { return text.isEmpty }
        if pattern.hasPrefix("[..]") {
            let rest = pattern.dropFirst(4)
            var suffix = text
            while true {
                if referenceLineMatch(rest, suffix) { return true }
                if suffix.isEmpty { return false }
                suffix = suffix.dropFirst()
            }
        }
        return text.first == pattern.first && referenceLineMatch(pattern.dropFirst(), text.dropFirst())
    }

    /// Reference transcript matcher: exhaustive recursion over lines.
    static func referenceMatch(_ expected: ArraySlice<String>, _ actual: ArraySlice<String>) -> Bool {
        guard let first = expected.first else { return actual.isEmpty }
        if first == "..." {
            return (0...actual.count).contains { referenceMatch(expected.dropFirst(), actual.dropFirst($0)) }
        }
        guard let line = actual.first, referenceLineMatch(Substring(first), Substring(line)) else { return false }
        return referenceMatch(expected.dropFirst(), actual.dropFirst())
    }

    static func lcsLength(_ a: [String], _ b: [String]) -> Int {
        var row = [Int](repeating: 0, count: b.count + 1)
        for x in a {
            var diagonal = 0
            for j in 0..<b.count {
                let above = row[j + 1]
                row[j + 1] = x == b[j] ? diagonal + 1 : max(row[j + 1], row[j])
                diagonal = above
            }
        }
        return row[b.count]
    }

    static func join(_ lines: [String]) -> String { lines.map { $0 + "\n" }.joined() }

    @Test(arguments: 0..<20)
    func matcherAgreesWithReference(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let expectedAlphabet = ["a", "b", "...", "[..]", "a[..]", "[..]b", "a[..]b", "[..][..]"]
        let actualAlphabet = ["a", "b", "ab", "ba", "", "aab"]
        for _ in 0..<200 {
            let expected = Self.randomLines(6, from: expectedAlphabet, &rng)
            let actual = Self.randomLines(7, from: actualAlphabet, &rng)
            // Trailing blank lines are not significant, so compare what normalization keeps.
            let kept = TranscriptLines(Self.join(actual)).lines
            let comparison = TranscriptComparison(expected: Self.join(expected), actual: Self.join(actual))
            #expect(comparison.isMatch == Self.referenceMatch(expected[...], kept[...]),
                    "expected \(expected) actual \(kept)")
        }
    }

    @Test(arguments: 0..<20)
    func reconciledTextMatchesActualOnBothPairingPaths(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        let alphabet = ["a", "b", "c", "...", "[..]", "a[..]"]
        for _ in 0..<200 {
            let expectedText = Self.join(Self.randomLines(7, from: alphabet, &rng))
            let actualText = Self.join(Self.randomLines(8, from: ["a", "b", "c", "ab", "ca"], &rng))
            let comparison = TranscriptComparison(expected: expectedText, actual: actualText)
            #expect(TranscriptComparison(expected: comparison.reconciled, actual: actualText).isMatch)
            #expect(comparison.diff.isEmpty == comparison.isMatch)
            guard !comparison.isMatch else { continue }
            let expectedLines = TranscriptLines(expectedText)
            var myers = TranscriptReconciler(
                expectedLines: expectedLines, expected: ExpectedLine.parse(expectedLines),
                actual: TranscriptLines(actualText))
            myers.dynamicProgrammingCellLimit = 0
            let viaMyers = TranscriptLines.join(myers.reconcile().lines)
            #expect(TranscriptComparison(expected: viaMyers, actual: actualText).isMatch)
        }
    }

    @Test(arguments: 0..<20)
    func lineDiffIsMinimalAndReproducesBothSides(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        for _ in 0..<200 {
            let a = Self.randomLines(12, from: ["x", "y", "z", "w"], &rng)
            let b = Self.randomLines(12, from: ["x", "y", "z", "w"], &rng)
            let diff = LineDiff.diff(a, b, context: 1_000)
            let lines = diff.hunks.first?.lines ?? []
            let context = lines.filter { if case .context = $0 { true } else { false } }.count
            if a == b {
                #expect(diff.isEmpty)
            } else {
                #expect(context == Self.lcsLength(a, b))
                let sideA = lines.compactMap { line -> String? in
                    switch line { case .context(let t), .removed(let t): t; case .added: nil }
                }
                let sideB = lines.compactMap { line -> String? in
                    switch line { case .context(let t), .added(let t): t; case .removed: nil }
                }
                #expect(sideA == a && sideB == b)
            }
        }
    }
}
