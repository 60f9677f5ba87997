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
        let delimiter = Prelude.markerDelimiter
        let opening = [delimiter] + Array(nonce.utf8) + [UInt8(ascii: ":")]
        var transcript = Transcript()
        var current: Int? = nil
        var segmentStart = 0
        var i = 0
        func flush(upTo end: Int) {
            guard end > segmentStart else { return }
            if let current {
                transcript.outputs[current, default: []].append(contentsOf: stdout[segmentStart..<end])
            } else if !transcript.reachedEnd {
                transcript.beforeFirstCell.append(contentsOf: stdout[segmentStart..<end])
            }
        }
        while let start = stdout[i...].firstIndex(of: delimiter) {
            let labelStart = start + opening.count
            guard labelStart <= stdout.count, stdout[start..<labelStart].elementsEqual(opening),
                  let close = stdout[labelStart...].firstIndex(of: delimiter) else {
                i = start + 1
                continue
            }
            let label = String(decoding: stdout[labelStart..<close], as: UTF8.self)
            flush(upTo: start)
            if label == "end" {
                transcript.reachedEnd = true
                current = nil
            } else if let index = Int(label) {
                current = index
                transcript.lastCell = index
                transcript.outputs[index, default: []].append(contentsOf: [])
            }
            segmentStart = close + 1
            i = close + 1
        }
        flush(upTo: stdout.count)
        return transcript
    }
}
