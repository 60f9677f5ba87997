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
        var segments: [StderrSegment] = []
        var current: Int? = nil
        CellMarkers.scan(stderr, nonce: nonce, text: { range in
            segments.append(StderrSegment(cell: current, text: String(decoding: stderr[range], as: UTF8.self)))
        }, marker: { label in
            current = Int(label)
        })
        return segments
    }
}
