/// A piece of a run's standard error, with the cell that was running when it was written: the
/// prelude writes its cell markers to stderr as well as stdout, so a graded submission's report
/// can leave out what was written while one of the key's hidden checks ran (the check's own
/// messages, and a student's function writing the arguments the check passed it).
struct StderrSegment: Sendable, Equatable {
    /// The running cell's index; nil before the first cell and after the last.
    let cell: Int?
    let text: String

    /// `stderr` cut at the markers `0x1E <nonce>:<label> 0x1E`, which are left out; consecutive
    /// pieces of one cell stay apart (order is what matters).
    static func split(_ stderr: [UInt8], nonce: String) -> [StderrSegment] {
        let delimiter = Prelude.markerDelimiter
        let opening = [delimiter] + Array(nonce.utf8) + [UInt8(ascii: ":")]
        var segments: [StderrSegment] = []
        var current: Int? = nil
        var segmentStart = 0
        var i = 0
        func flush(upTo end: Int) {
            guard end > segmentStart else { return }
            segments.append(StderrSegment(cell: current, text: String(decoding: stderr[segmentStart..<end], as: UTF8.self)))
        }
        while let start = stderr[i...].firstIndex(of: delimiter) {
            let labelStart = start + opening.count
            guard labelStart <= stderr.count, stderr[start..<labelStart].elementsEqual(opening),
                  let close = stderr[labelStart...].firstIndex(of: delimiter) else {
                i = start + 1
                continue
            }
            flush(upTo: start)
            current = Int(String(decoding: stderr[labelStart..<close], as: UTF8.self))
            segmentStart = close + 1
            i = close + 1
        }
        flush(upTo: stderr.count)
        return segments
    }
}
