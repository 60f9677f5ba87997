/// A replacement of bytes in a document; an empty range is an insertion.
package struct DocumentEdit: Sendable, Equatable {
    let range: Range<Int>
    let replacement: [UInt8]

    /// The document with `edits` applied; every byte outside their ranges stays as it was.
    /// Edits must not overlap; insertions at the same offset keep their order.
    package static func apply(_ edits: [DocumentEdit], to bytes: [UInt8]) -> [UInt8] {
        let ordered = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }.map(\.element)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.replacement.count })
        var position = 0
        for edit in ordered {
            precondition(edit.range.lowerBound >= position, "overlapping document edits")
            out += bytes[position..<edit.range.lowerBound]
            out += edit.replacement
            position = edit.range.upperBound
        }
        out += bytes[position...]
        return out
    }
}
