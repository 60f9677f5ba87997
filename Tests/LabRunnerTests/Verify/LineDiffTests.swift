import Testing
@testable import LabRunner

struct LineDiffTests {
    private static func lines(_ text: String) -> [String] {
        text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test(arguments: [
        // a, b, context, rendered
        ("a\nb\nc", "a\nb\nc", 3, [String]()),
        ("", "", 3, []),
        ("", "x\ny", 3, ["@@ -0,0 +1,2 @@", "+x", "+y"]),
        ("x\ny", "", 3, ["@@ -1,2 +0,0 @@", "-x", "-y"]),
        ("a\nb\nc", "a\nB\nc", 3, ["@@ -1,3 +1,3 @@", " a", "-b", "+B", " c"]),
        // change at the start and at the end, context clipped to the file
        ("1\n2\n3\n4\n5\n6", "0\n2\n3\n4\n5\n6", 3, ["@@ -1,4 +1,4 @@", "-1", "+0", " 2", " 3", " 4"]),
        ("1\n2\n3\n4\n5\n6", "1\n2\n3\n4\n5\n7", 3, ["@@ -3,4 +3,4 @@", " 3", " 4", " 5", "-6", "+7"]),
        // pure insertion and deletion in the middle with no context: GNU start for count 0
        ("1\n2\n3", "1\n2\nx\n3", 0, ["@@ -2,0 +3,1 @@", "+x"]),
        ("1\n2\n3", "1\n3", 0, ["@@ -2,1 +1,0 @@", "-2"]),
        ("1\n2\n3", "x\n1\n2\n3", 0, ["@@ -0,0 +1,1 @@", "+x"]),
        ("1\n2\n3", "1\n2\n3\nx", 1, ["@@ -3,1 +3,2 @@", " 3", "+x"]),
        // two changes 6 lines apart share a hunk at context 3 (their context touches) ...
        ("a\n1\n2\n3\n4\n5\n6\nb", "A\n1\n2\n3\n4\n5\n6\nB", 3,
         ["@@ -1,8 +1,8 @@", "-a", "+A", " 1", " 2", " 3", " 4", " 5", " 6", "-b", "+B"]),
        // ... but 7 lines apart they do not
        ("a\n1\n2\n3\n4\n5\n6\n7\nb", "A\n1\n2\n3\n4\n5\n6\n7\nB", 3,
         ["@@ -1,4 +1,4 @@", "-a", "+A", " 1", " 2", " 3",
          "@@ -6,4 +6,4 @@", " 5", " 6", " 7", "-b", "+B"]),
        // repeated lines: a minimal diff keeps the common ones as context
        ("x\nx\nx", "x\nx", 3, ["@@ -1,3 +1,2 @@", " x", " x", "-x"]),
        ("a\nb\nc\na\nb\nc", "c\nb\na\nb\na\nc", 3,
         ["@@ -1,6 +1,6 @@", "-a", "-b", " c", "+b", " a", " b", "+a", " c"]),
        // empty lines render as a bare prefix
        ("a\n\nb", "a\n\nc", 3, ["@@ -1,3 +1,3 @@", " a", " ", "-b", "+c"]),
    ])
    func renderedDiff(a: String, b: String, context: Int, rendered: [String]) {
        let diff = LineDiff.diff(Self.lines(a), Self.lines(b), context: context)
        #expect(diff.renderedLines() == rendered)
        #expect(diff.isEmpty == rendered.isEmpty)
    }

    @Test func hunksHoldExactCountsAndLines() {
        let diff = LineDiff.diff(["a", "b", "c", "d"], ["a", "c", "d", "e"], context: 1)
        #expect(diff.hunks == [
            TranscriptDiff.Hunk(expectedStart: 1, expectedCount: 4, actualStart: 1, actualCount: 4, lines: [
                .context("a"), .removed("b"), .context("c"), .context("d"), .added("e"),
            ]),
        ])
    }

    /// Forcing the Myers cap exercises the patience-anchor fallback; the result stays a valid,
    /// here still minimal, alignment.
    @Test func cappedMyersFallsBackToUniqueLineAnchors() {
        let a = ["u1", "x", "u2", "y", "u3"], b = ["u1", "p", "u2", "q", "u3"]
        var alignment = LineAlignment(
            countA: a.count, countB: b.count, matches: { a[$0] == b[$1] },
            anchorKeys: { (a.map { Int($0.utf8.first!) * 100 + Int($0.utf8.last!) },
                           b.map { Int($0.utf8.first!) * 100 + Int($0.utf8.last!) }) })
        alignment.maxD = 1
        #expect(alignment.pairs() == [.init(a: 0, b: 0), .init(a: 2, b: 2), .init(a: 4, b: 4)])
    }

    @Test func cappedMyersWithoutAnchorsReplacesTheRange() {
        let a = ["x", "y", "x"], b = ["y", "x", "y"]
        var alignment = LineAlignment(
            countA: a.count, countB: b.count, matches: { a[$0] == b[$1] },
            anchorKeys: { (a.map { Int($0.utf8.first!) }, b.map { Int($0.utf8.first!) }) })
        alignment.maxD = 1
        #expect(alignment.pairs() == [])
        alignment.maxD = 1_000
        #expect(alignment.pairs().count == 2)
    }

    @Test(arguments: [
        ([1, 2, 3], [1, 2, 3]),
        ([3, 1, 2], [1, 2]),
        ([5, 1, 4, 2, 3], [1, 2, 3]),
    ])
    func patienceAnchorsFollowTheLongestIncreasingRun(order: [Int], anchoredKeys: [Int]) {
        let keysA = [1, 2, 3, 4, 5].filter(order.contains), keysB = order
        let anchors = LineAlignment.patienceAnchors(0..<keysA.count, 0..<keysB.count, (keysA, keysB))
        #expect(anchors.map { keysA[$0.a] } == anchoredKeys)
        #expect(anchors.allSatisfy { keysA[$0.a] == keysB[$0.b] })
    }
}
