/// A unified diff between two texts ("expected" and "actual" sides), in hunks with context lines.
struct TranscriptDiff: Sendable, Equatable {
    /// One "@@ -start,count +start,count @@" block. Starts are 1-based; when a side's count is 0
    /// its start is the number of lines before the hunk on that side, as GNU diff writes it.
    struct Hunk: Sendable, Equatable {
        let expectedStart: Int, expectedCount: Int
        let actualStart: Int, actualCount: Int
        let lines: [Line]

        var header: String { "@@ -\(expectedStart),\(expectedCount) +\(actualStart),\(actualCount) @@" }
    }

    enum Line: Sendable, Equatable {
        case context(String), removed(String), added(String)

        var rendered: String {
            switch self {
            case .context(let text): return " " + text
            case .removed(let text): return "-" + text
            case .added(let text): return "+" + text
            }
        }
    }

    let hunks: [Hunk]

    init(hunks: [Hunk]) { self.hunks = hunks }

    var isEmpty: Bool { hunks.isEmpty }

    /// Hunk headers (always with both counts, even 1) and " ", "-", "+" prefixed lines, without
    /// the ---/+++ file header, which only the caller can name.
    func renderedLines() -> [String] {
        hunks.flatMap { [$0.header] + $0.lines.map(\.rendered) }
    }
}

/// One step of an edit script turning side A into side B; indices are 0-based line numbers.
enum EditStep: Sendable, Equatable {
    case same(Int, Int), removed(Int), added(Int)

    var isChange: Bool {
        if case .same = self { return false }
        return true
    }
}

extension TranscriptDiff {
    /// Groups an edit script into hunks. Changes separated by at most 2·context unchanged lines
    /// share a hunk (their context would touch), as in GNU diff. Line text is fetched only for
    /// lines that end up in a hunk, so a 50,000-line script with one change stays cheap.
    init(script: [EditStep], a: (Int) -> String, b: (Int) -> String, context: Int = 3) {
        let context = max(0, context)
        let changes = script.indices.filter { script[$0].isChange }
        var groups: [ClosedRange<Int>] = []
        for change in changes {
            if let last = groups.last, change - last.upperBound - 1 <= 2 * context {
                groups[groups.count - 1] = last.lowerBound...change
            } else {
                groups.append(change...change)
            }
        }
        // Lines of each side before each step, advanced lazily from one group to the next.
        var step = 0, aBefore = 0, bBefore = 0
        var hunks: [Hunk] = []
        for group in groups {
            let low = max(0, group.lowerBound - context)
            let high = min(script.count - 1, group.upperBound + context)
            while step < low {
                switch script[step] {
                case .same: aBefore += 1; bBefore += 1
                case .removed: aBefore += 1
                case .added: bBefore += 1
                }
                step += 1
            }
            var lines: [Line] = []
            var aCount = 0, bCount = 0
            for index in low...high {
                switch script[index] {
                case .same(let i, _): lines.append(.context(a(i))); aCount += 1; bCount += 1
                case .removed(let i): lines.append(.removed(a(i))); aCount += 1
                case .added(let j): lines.append(.added(b(j))); bCount += 1
                }
            }
            hunks.append(Hunk(
                expectedStart: aCount == 0 ? aBefore : aBefore + 1, expectedCount: aCount,
                actualStart: bCount == 0 ? bBefore : bBefore + 1, actualCount: bCount,
                lines: lines))
        }
        self.init(hunks: hunks)
    }
}
