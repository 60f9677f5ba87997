/// What one scenario run printed, split by cell using the markers the prelude writes.
struct Transcript: Sendable, Equatable {
    /// Output of each cell that started, by cell index.
    var outputs: [Int: [UInt8]] = [:]
    /// Output before the first marker (only the prelude runs there, so normally empty).
    var beforeFirstCell: [UInt8] = []
    /// The last cell that started: where a crash or timeout happened.
    var lastCell: Int? = nil
    /// True when the program ran past its last cell.
    var reachedEnd = false
    /// The first marker out of the program's order, described: a cell marked twice or after a
    /// later one, anything after the end, a label the prelude never writes. The generated program
    /// marks its cells once each, in increasing order, then the end; another sequence was written
    /// by the lab's own code (calling `Lab.cell`, or with the nonce found in memory).
    var tampering: String? = nil

    func output(ofCell index: Int) -> String {
        String(decoding: outputs[index] ?? [], as: UTF8.self)
    }

    /// Splits `stdout` at the markers `0x1E <nonce>:<label> 0x1E` written by `Lab.cell` and `Lab.end`.
    ///
    /// The nonce is fresh for every run, so nothing a lab prints can be taken for a marker.
    static func split(_ stdout: [UInt8], nonce: String) -> Transcript {
        var transcript = Transcript()
        var current: Int? = nil
        var previous: Int? = nil
        CellMarkers.scan(stdout, nonce: nonce, text: { range in
            if let current {
                transcript.outputs[current, default: []].append(contentsOf: stdout[range])
            } else if !transcript.reachedEnd {
                transcript.beforeFirstCell.append(contentsOf: stdout[range])
            }
        }, marker: { label in
            if transcript.tampering == nil {
                transcript.tampering = outOfOrder(label, after: previous, ended: transcript.reachedEnd)
            }
            previous = Int(label) ?? previous
            if label == "end" {
                transcript.reachedEnd = true
                current = nil
            } else if let index = Int(label) {
                current = index
                transcript.lastCell = index
                transcript.outputs[index, default: []].append(contentsOf: [])
            }
        })
        return transcript
    }

    /// Why `label` cannot come next, or nil when it can.
    private static func outOfOrder(_ label: String, after previous: Int?, ended: Bool) -> String? {
        if ended { return "a marker for '\(label)' after the end" }
        if label == "end" { return nil }
        guard let index = Int(label), index >= 0 else { return "a marker '\(label)' the prelude never writes" }
        if let previous, index <= previous { return "cell \(index) marked after cell \(previous)" }
        return nil
    }
}
