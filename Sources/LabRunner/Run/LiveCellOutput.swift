/// One stream of a running program cut at the cell markers as it arrives, passing on what one
/// cell writes (`CellMarkers` does the cutting; this keeps back a marker not yet complete, so
/// its bytes are never taken for text).
struct LiveCellOutput {
    let nonce: String
    /// The cell whose text is passed on.
    let cell: Int
    private var pending: [UInt8] = []
    private var current: Int? = nil

    init(nonce: String, cell: Int) {
        self.nonce = nonce
        self.cell = cell
    }

    /// Takes the next bytes read; returns the cell's text among what is now settled.
    mutating func feed(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        pending.append(contentsOf: bytes)
        return take(final: false)
    }

    /// The rest, once the program ended: an incomplete marker then was text after all.
    mutating func finish() -> [UInt8] { take(final: true) }

    private mutating func take(final: Bool) -> [UInt8] {
        enum Event { case text(Range<Int>), marker(String) }
        var events: [Event] = []
        let bytes = pending
        CellMarkers.scan(bytes, nonce: nonce, text: { events.append(.text($0)) }, marker: { events.append(.marker($0)) })
        var holdFrom = bytes.count
        if !final, case .text(let last)? = events.last, last.upperBound == bytes.count {
            holdFrom = last.first { bytes[$0] == Prelude.markerDelimiter && couldOpenMarker(bytes[($0 + 1)...]) } ?? bytes.count
        }
        var out: [UInt8] = []
        for event in events {
            switch event {
            case .marker(let label):
                current = Int(label)
            case .text(let range):
                let kept = range.clamped(to: 0..<holdFrom)
                if current == cell, !kept.isEmpty { out += bytes[kept] }
            }
        }
        pending = Array(bytes[holdFrom...])
        return out
    }

    /// Whether `tail` (what follows a delimiter, with no delimiter after it) may still become a
    /// marker of this run: a prefix of `nonce:`, or `nonce:` and the start of a short label.
    private func couldOpenMarker(_ tail: ArraySlice<UInt8>) -> Bool {
        let opening = Array(nonce.utf8) + [UInt8(ascii: ":")]
        if tail.count <= opening.count { return opening.starts(with: tail) }
        return tail.starts(with: opening) && tail.count <= opening.count + 24
    }
}
