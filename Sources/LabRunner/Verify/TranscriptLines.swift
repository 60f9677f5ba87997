/// A transcript split into lines the way the lab format compares them: at "\n", with each
/// line's trailing spaces, tabs and "\r" trimmed, trailing blank lines dropped, and control
/// characters left inside a line (a lone "\r", escape, NUL…) shown as their control pictures
/// (`ControlPictures`): the escaped form output blocks hold them in.
///
/// Lines are UTF-8 byte ranges into one buffer: a cell may print 1 MiB, and this keeps splitting
/// to one allocation. Comparison is byte for byte (no Unicode normalization) because a transcript
/// check should see exactly what was printed.
struct TranscriptLines: Sendable {
    let bytes: [UInt8]
    let ranges: [Range<Int>]

    init(_ text: String) {
        let bytes = Array(text.utf8)
        var ranges: [Range<Int>] = []
        var start = 0
        var lastNonBlank = 0  // number of lines up to and including the last non-blank one
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            var trimmed = end
            while trimmed > start, Self.isTrailingWhitespace(bytes[trimmed - 1]) { trimmed -= 1 }
            ranges.append(start..<trimmed)
            if trimmed > start { lastNonBlank = ranges.count }
            start = end + 1
        }
        ranges.removeSubrange(lastNonBlank...)
        guard ranges.contains(where: { bytes[$0].contains(where: ControlPictures.isControl) }) else {
            self.bytes = bytes
            self.ranges = ranges
            return
        }
        var pictured: [UInt8] = []
        pictured.reserveCapacity(bytes.count + 16)
        self.ranges = ranges.map { range in
            let start = pictured.count
            pictured += ControlPictures.replacing(bytes[range])
            return start..<pictured.count
        }
        self.bytes = pictured
    }

    var count: Int { ranges.count }

    subscript(_ index: Int) -> ArraySlice<UInt8> { bytes[ranges[index]] }

    func text(_ index: Int) -> String { String(decoding: self[index], as: UTF8.self) }

    var lines: [String] { ranges.indices.map(text) }

    /// The normalized text: every line followed by "\n", "" when there are no lines.
    var normalized: String { Self.join(lines) }

    static func join(_ lines: [String]) -> String {
        var result = ""
        result.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count + 1 })
        for line in lines {
            result += line
            result += "\n"
        }
        return result
    }

    static func isTrailingWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }
}
