/// One line of an expected transcript, classified by the lab format's wildcard rules.
enum ExpectedLine: Sendable, Equatable {
    /// Matches exactly these bytes.
    case literal(ArraySlice<UInt8>)
    /// Contains `[..]`: matches one actual line.
    case pattern(WildcardLine)
    /// A line that is exactly `...`: matches any number of actual lines, zero included.
    case anyLines

    /// `line` is expected to be trailing-whitespace-trimmed already (see `TranscriptLines`).
    init(_ line: ArraySlice<UInt8>) {
        if line.elementsEqual("...".utf8) {
            self = .anyLines
        } else if let pattern = WildcardLine(line) {
            self = .pattern(pattern)
        } else {
            self = .literal(line)
        }
    }

    static func parse(_ lines: TranscriptLines) -> [ExpectedLine] {
        (0..<lines.count).map { ExpectedLine(lines[$0]) }
    }

    var isAnyLines: Bool { self == .anyLines }

    /// Whether this line accounts for the single actual line `text`; `anyLines` does (it can
    /// cover one line), though the matchers handle it separately since it may cover several.
    func matches(_ text: ArraySlice<UInt8>) -> Bool {
        switch self {
        case .literal(let bytes): return bytes == text
        case .pattern(let pattern): return pattern.matches(text)
        case .anyLines: return true
        }
    }
}
