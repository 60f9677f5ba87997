/// Block quotes and lists: their lines are gathered (with lazy continuation), their markers
/// removed, and the result parsed again as blocks.
extension MarkdownBlockParser {
    mutating func blockQuote(_ lines: [MarkdownLine], at index: Int) -> (MarkdownBlock?, Int) {
        var inner: [MarkdownLine] = []
        var lazy = LazyContinuation()
        var end = index
        while end < lines.count {
            let line = lines[end]
            if line.indent < 4, line.trimmed.hasPrefix(">") {
                var rest = line.trimmed.dropFirst()
                if rest.first == " " { rest = rest.dropFirst() }
                inner.append(MarkdownLine(number: line.number, text: rest))
                lazy.add(inner[inner.count - 1])
            } else if lazy.accepts(line) {
                inner.append(line)
            } else {
                break
            }
            end += 1
        }
        return (.blockQuote(parse(inner)), end)
    }

    mutating func list(_ lines: [MarkdownLine], at index: Int, _ first: MarkdownLineKind.ListMarker) -> (MarkdownBlock?, Int) {
        var items: [[MarkdownBlock]] = []
        var loose = false
        var end = index
        var marker = first
        while true {
            var inner = [MarkdownLine(number: lines[end].number, text: lines[end].text.dropFirst(min(marker.contentIndent, lines[end].text.count)))]
            if marker.isEmpty { inner[0] = MarkdownLine(number: lines[end].number, text: "") }
            var lazy = LazyContinuation()
            lazy.add(inner[0])
            end += 1
            while end < lines.count {
                let line = lines[end]
                if line.isBlank {
                    // An item that starts blank ends at its first blank line.
                    if marker.isEmpty && inner.count == 1 { break }
                    inner.append(MarkdownLine(number: line.number, text: ""))
                    lazy.add(inner[inner.count - 1])
                } else if line.indent >= marker.contentIndent {
                    inner.append(line.dropping(columns: marker.contentIndent))
                    lazy.add(inner[inner.count - 1])
                } else if lazy.accepts(line) {
                    inner.append(line)
                } else {
                    break
                }
                end += 1
            }
            var trailing = 0
            while inner.count > 1, inner.last?.isBlank == true { inner.removeLast(); trailing += 1 }
            if inner.dropFirst().contains(where: \.isBlank), hasBlankBetweenChildren(inner) { loose = true }
            items.append(parse(inner))
            guard end < lines.count, let next = MarkdownLineKind.listMarker(lines[end]), next.continues(marker),
                  !MarkdownLineKind.isThematicBreak(lines[end]) else {
                end -= trailing
                break
            }
            if trailing > 0 { loose = true }
            marker = next
        }
        return (.list(start: first.start, tight: !loose, items: items), end)
    }

    /// A blank line directly inside the item (not inside a fence or a nested list's item) makes it loose.
    private func hasBlankBetweenChildren(_ inner: [MarkdownLine]) -> Bool {
        var fence: (character: Character, length: Int, indent: Int, info: String)?
        for (offset, line) in inner.enumerated() {
            if let open = fence {
                if MarkdownLineKind.isFenceClosing(line, character: open.character, length: open.length) { fence = nil }
                continue
            }
            if let open = MarkdownLineKind.fenceOpening(line) { fence = open; continue }
            if line.isBlank, offset + 1 < inner.count, inner[offset + 1].indent < 2,
               MarkdownLineKind.listMarker(inner[offset + 1]) == nil || offset == 0 {
                return true
            }
        }
        return false
    }
}

/// Whether a container's lines so far end in an open paragraph, which a line that starts no block
/// of its own continues lazily (CommonMark's laziness), tracked line by line as they are gathered.
struct LazyContinuation {
    private var fence: (character: Character, length: Int, indent: Int, info: String)?
    private var paragraphOpen = false

    mutating func add(_ line: MarkdownLine) {
        if let open = fence {
            if MarkdownLineKind.isFenceClosing(line, character: open.character, length: open.length) { fence = nil }
            paragraphOpen = false
        } else if line.isBlank {
            paragraphOpen = false
        } else if let open = MarkdownLineKind.fenceOpening(line) {
            fence = open
            paragraphOpen = false
        } else if MarkdownLineKind.isThematicBreak(line) || MarkdownLineKind.atxHeading(line) != nil
                    || MarkdownLineKind.htmlBlockStart(line).map({ $0 < 7 }) == true || (line.indent >= 4 && !paragraphOpen) {
            paragraphOpen = false
        } else {
            paragraphOpen = true
        }
    }

    /// True for a non-blank line that continues the open paragraph (it is then part of it).
    func accepts(_ line: MarkdownLine) -> Bool {
        guard paragraphOpen, !line.isBlank else { return false }
        return !(MarkdownLineKind.isThematicBreak(line) || MarkdownLineKind.atxHeading(line) != nil
            || MarkdownLineKind.fenceOpening(line) != nil || (line.indent < 4 && line.trimmed.hasPrefix(">"))
            || MarkdownLineKind.listMarker(line) != nil || (MarkdownLineKind.htmlBlockStart(line).map { $0 < 7 } ?? false))
    }
}
