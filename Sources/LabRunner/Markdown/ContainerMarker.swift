/// Consuming the markers of container blocks on a line, with the column rules
/// of the reference implementation (tabs may be split by a marker's spacing).
extension LineCursor {
    /// ">" and one optional following space or tab column.
    mutating func consumeBlockQuoteMarker() {
        advanceToFirstNonspace()
        advance(bytes: 1)
        if MarkdownASCII.isSpaceOrTab(byte(at: offset)) {
            advance(columns: 1)
        }
    }

    /// Consumes a list marker of `width` bytes at the first non-space and the spaces
    /// after it that belong to the marker; returns the item's content indentation.
    /// 1–4 columns of spaces count; 5+ (indented code inside the item) or none
    /// before the end of the line count as 1. Call after `findFirstNonspace()`.
    mutating func consumeListMarker(width: Int) -> Int {
        let markerOffset = indent
        advanceToFirstNonspace()
        advance(bytes: width)
        let afterMarker = self
        while column - afterMarker.column <= 5 && MarkdownASCII.isSpaceOrTab(byte(at: offset)) {
            advance(columns: 1)
        }
        let spaces = column - afterMarker.column
        if spaces >= 5 || spaces < 1 || offset >= end {
            self = afterMarker
            if spaces > 0 { advance(columns: 1) }
            return markerOffset + width + 1
        }
        return markerOffset + width + spaces
    }
}
