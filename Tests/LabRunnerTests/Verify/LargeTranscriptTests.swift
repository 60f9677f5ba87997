import Testing
@testable import LabRunner

/// Correctness on cell-sized outputs (tens of thousands of lines). Timings are measured by hand in
/// release builds, not asserted here.
struct LargeTranscriptTests {
    static let lineCount = 50_000

    static func output(changing changed: Int? = nil, to replacement: String = "changed") -> String {
        var text = ""
        for i in 0..<lineCount { text += i == changed ? "\(replacement)\n" : "line \(i) value \(i % 7)\n" }
        return text
    }

    @Test(arguments: [0, 25_000, 49_999])
    func oneChangedLineInFiftyThousand(changed: Int) {
        let comparison = TranscriptComparison(expected: Self.output(), actual: Self.output(changing: changed))
        #expect(!comparison.isMatch)
        #expect(comparison.reconciled == Self.output(changing: changed))
        let low = max(0, changed - 3), high = min(Self.lineCount - 1, changed + 3)
        var lines: [TranscriptDiff.Line] = []
        for i in low...high {
            if i == changed {
                lines += [.removed("line \(i) value \(i % 7)"), .added("changed")]
            } else {
                lines.append(.context("line \(i) value \(i % 7)"))
            }
        }
        let count = high - low + 1
        #expect(comparison.diff.hunks == [
            TranscriptDiff.Hunk(expectedStart: low + 1, expectedCount: count,
                                actualStart: low + 1, actualCount: count, lines: lines),
        ])
    }

    @Test func wildcardLinesSurviveInALargeMismatch() {
        // Every 1000th expected line is a [..] pattern; one literal line changed.
        func expected(changing changed: Int?) -> String {
            var text = ""
            for i in 0..<Self.lineCount {
                text += i == changed ? "changed\n"
                    : i % 1000 == 0 ? "line \(i) value [..]\n" : "line \(i) value \(i % 7)\n"
            }
            return text
        }
        let comparison = TranscriptComparison(expected: expected(changing: nil), actual: Self.output(changing: 30_001))
        #expect(comparison.reconciled == expected(changing: 30_001))
        #expect(comparison.diff.hunks.count == 1)
        #expect(comparison.diff.hunks.first?.lines.contains(.context("line 30000 value [..]")) == true)
    }

    @Test func anyLinesCoversFiftyThousandLines() {
        let actual = "begin\n" + Self.output() + "end\n"
        #expect(TranscriptComparison(expected: "begin\n...\nend", actual: actual).isMatch)
        let comparison = TranscriptComparison(expected: "begin\n...\nfinish", actual: actual)
        #expect(comparison.reconciled == "begin\n...\nend\n")
        #expect(comparison.diff.renderedLines() == ["@@ -1,3 +1,3 @@", " begin", " ...", "-finish", "+end"])
    }

    @Test func completelyDifferentLargeOutputsStillDiff() {
        let a = (0..<20_000).map { "a\($0)" }, b = (0..<20_000).map { "b\($0)" }
        let diff = LineDiff.diff(a, b)
        #expect(diff.hunks.count == 1)
        #expect(diff.hunks[0].lines.count == 40_000)
        #expect(diff.hunks[0].expectedCount == 20_000 && diff.hunks[0].actualCount == 20_000)
    }
}
