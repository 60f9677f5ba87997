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

    func output(ofCell index: Int) -> String {
        String(decoding: outputs[index] ?? [], as: UTF8.self)
    }

    /// Splits `stdout` at the markers `0x1E <nonce>:<label> 0x1E` written by `Lab.cell` and `Lab.end`.
    ///
    /// The nonce is fresh for every run, so nothing a lab prints can be taken for a marker.
    static func split(_ stdout: [UInt8], nonce: String) -> Transcript {
        var transcript = Transcript()
        var current: Int? = nil
        CellMarkers.scan(stdout, nonce: nonce, text: { range in
            if let current {
                transcript.outputs[current, default: []].append(contentsOf: stdout[range])
            } else if !transcript.reachedEnd {
                transcript.beforeFirstCell.append(contentsOf: stdout[range])
            }
        }, marker: { label in
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
}
