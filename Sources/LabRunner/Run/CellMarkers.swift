/// The markers `0x1E <nonce>:<label> 0x1E` the prelude writes as each cell starts (`Lab.cell`)
/// and when the program ends (`Lab.end`), found in a run's stdout or stderr. A marker without
/// this run's nonce is text: the nonce is fresh for every run.
enum CellMarkers {
    /// Walks `bytes` in order: `text` for each run of text between markers (never empty), then
    /// `marker` for each marker's label.
    static func scan(_ bytes: [UInt8], nonce: String, text: (Range<Int>) -> Void, marker: (String) -> Void) {
        let delimiter = Prelude.markerDelimiter
        let opening = [delimiter] + Array(nonce.utf8) + [UInt8(ascii: ":")]
        var segmentStart = 0
        var i = 0
        while let start = bytes[i...].firstIndex(of: delimiter) {
            let labelStart = start + opening.count
            guard labelStart <= bytes.count, bytes[start..<labelStart].elementsEqual(opening),
                  let close = bytes[labelStart...].firstIndex(of: delimiter) else {
                i = start + 1
                continue
            }
            if start > segmentStart { text(segmentStart..<start) }
            marker(String(decoding: bytes[labelStart..<close], as: UTF8.self))
            segmentStart = close + 1
            i = close + 1
        }
        if bytes.count > segmentStart { text(segmentStart..<bytes.count) }
    }
}
