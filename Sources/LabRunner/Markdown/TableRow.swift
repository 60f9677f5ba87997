/// The rows of a GitHub table (cmark-gfm's table extension): cells split at pipes that are not
/// escaped, and the delimiter row under the header.
enum TableRow {
    /// A row's cells: split at unescaped pipes, an outer pipe on either side dropped, each cell
    /// trimmed; `\|` is a pipe in the cell's text (other escapes are the inline parser's).
    static func cells(_ text: Substring) -> [String] {
        var row = text.trimmingSpaces()
        if row.hasPrefix("|") { row = row.dropFirst() }
        if row.hasSuffix("|") && !row.hasSuffix("\\|") { row = row.dropLast() }
        var cells: [String] = []
        var cell = ""
        var escaped = false
        for character in row {
            if character == "|" && !escaped {
                cells.append(cell)
                cell = ""
            } else {
                if escaped && character == "|" { cell.removeLast() }
                cell.append(character)
            }
            escaped = character == "\\" && !escaped
        }
        cells.append(cell)
        return cells.map { String($0.trimmingSpaces()) }
    }

    /// The delimiter row's alignments (`| --- | :-: |`, `:--`), or nil for any other line: every
    /// cell is dashes with an optional colon on either side.
    static func alignments(_ text: Substring) -> [TableAlignment]? {
        guard text.utf8.contains(UInt8(ascii: "-")) else { return nil }
        var alignments: [TableAlignment] = []
        for cell in cells(text) {
            let leftColon = cell.hasPrefix(":")
            let rightColon = cell.count > 1 && cell.hasSuffix(":")
            let dashes = cell.dropFirst(leftColon ? 1 : 0).dropLast(rightColon ? 1 : 0)
            guard !dashes.isEmpty, dashes.allSatisfy({ $0 == "-" }) else { return nil }
            switch (leftColon, rightColon) {
            case (true, true): alignments.append(.center)
            case (true, false): alignments.append(.left)
            case (false, true): alignments.append(.right)
            case (false, false): alignments.append(.none)
            }
        }
        return alignments
    }
}

private extension Substring {
    /// Without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}

private extension String {
    func trimmingSpaces() -> Substring { self[...].trimmingSpaces() }
}
