/// What a line can start, as CommonMark's block rules recognise it (tabs already expanded).
enum MarkdownLineKind {
    /// `***`, `- - -`, `___`: three or more of one character, spaces allowed.
    static func isThematicBreak(_ line: MarkdownLine) -> Bool {
        guard line.indent < 4, let first = line.trimmed.first, "*-_".contains(first) else { return false }
        var count = 0
        for character in line.trimmed {
            if character == first { count += 1 } else if character != " " { return false }
        }
        return count >= 3
    }

    /// `## Title ##` → (2, "Title").
    static func atxHeading(_ line: MarkdownLine) -> (level: Int, text: String)? {
        guard line.indent < 4 else { return nil }
        let text = line.trimmed
        let level = text.prefix { $0 == "#" }.count
        guard (1...6).contains(level) else { return nil }
        var rest = text.dropFirst(level)
        guard rest.isEmpty || rest.first == " " else { return nil }
        rest = rest.drop { $0 == " " }
        while rest.last == " " { rest = rest.dropLast() }
        // A closing sequence of #s, after a space (or alone), is not content.
        let closing = rest.reversed().prefix { $0 == "#" }.count
        if closing > 0 {
            let before = rest.dropLast(closing)
            if before.isEmpty || before.last == " " { rest = before }
        }
        while rest.last == " " { rest = rest.dropLast() }
        return (level, String(rest))
    }

    /// An opening fence: its character, length, indentation and info string.
    static func fenceOpening(_ line: MarkdownLine) -> (character: Character, length: Int, indent: Int, info: String)? {
        guard line.indent < 4, let first = line.trimmed.first, first == "`" || first == "~" else { return nil }
        let length = line.trimmed.prefix { $0 == first }.count
        guard length >= 3 else { return nil }
        let info = line.trimmed.dropFirst(length)
        if first == "`" && info.contains(where: { $0 == "`" }) { return nil }
        return (first, length, line.indent, MarkdownInlines.unescape(String(info).trimming(" ")))
    }

    static func isFenceClosing(_ line: MarkdownLine, character: Character, length: Int) -> Bool {
        guard line.indent < 4 else { return false }
        let run = line.trimmed.prefix { $0 == character }.count
        return run >= length && line.trimmed.dropFirst(run).allSatisfy { $0 == " " }
    }

    /// A list marker: bullet character or ordered number and delimiter, and the columns up to
    /// the item's content.
    struct ListMarker: Equatable {
        let bullet: Character?
        let start: Int?
        let delimiter: Character?
        let contentIndent: Int
        let isEmpty: Bool

        func continues(_ other: ListMarker) -> Bool {
            bullet == other.bullet && delimiter == other.delimiter
        }
    }

    static func listMarker(_ line: MarkdownLine) -> ListMarker? {
        guard line.indent < 4 else { return nil }
        let text = line.trimmed
        var width: Int
        var bullet: Character?, start: Int?, delimiter: Character?
        if let first = text.first, "-+*".contains(first) {
            bullet = first
            width = 1
        } else {
            let digits = text.prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count), let next = text.dropFirst(digits.count).first, next == "." || next == ")" else { return nil }
            start = Int(digits)
            delimiter = next
            width = digits.count + 1
        }
        let rest = text.dropFirst(width)
        guard rest.isEmpty || rest.first == " " else { return nil }
        let spaces = rest.prefix { $0 == " " }.count
        let isEmpty = rest.allSatisfy { $0 == " " }
        let padding = isEmpty || spaces > 4 ? 1 : spaces
        return ListMarker(bullet: bullet, start: start, delimiter: delimiter,
                          contentIndent: line.indent + width + padding, isEmpty: isEmpty)
    }

    /// The HTML block condition (1 to 7 as CommonMark numbers them) a line starts, if any.
    static func htmlBlockStart(_ line: MarkdownLine) -> Int? {
        guard line.indent < 4 else { return nil }
        let text = line.trimmed.lowercased()
        guard text.hasPrefix("<") else { return nil }
        for tag in ["script", "pre", "style", "textarea"] where text.hasPrefix("<" + tag) {
            let after = text.dropFirst(tag.count + 1).first
            if after == nil || after == " " || after == ">" { return 1 }
        }
        if text.hasPrefix("<!--") { return 2 }
        if text.hasPrefix("<?") { return 3 }
        if text.hasPrefix("<![cdata[") { return 5 }
        if text.hasPrefix("<!"), let letter = text.dropFirst(2).first, letter.isLetter { return 4 }
        let name = text.dropFirst(text.hasPrefix("</") ? 2 : 1).prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        let after = text.dropFirst((text.hasPrefix("</") ? 2 : 1) + name.count)
        if blockTags.contains(String(name)), after.isEmpty || after.hasPrefix(" ") || after.hasPrefix(">") || after.hasPrefix("/>") {
            return 6
        }
        let whole = String(line.trimmed).trimming(" ")
        if let end = MarkdownInlines.rawTagEnd(Array(whole.unicodeScalars), from: 0), end == whole.unicodeScalars.count,
           !whole.hasPrefix("<!"), !whole.hasPrefix("<?") {
            return 7
        }
        return nil
    }

    /// Whether an HTML block of `condition` ends on `line`.
    static func htmlBlockEnds(_ condition: Int, _ line: MarkdownLine) -> Bool {
        let text = line.text.lowercased()
        switch condition {
        case 1: return ["</script>", "</pre>", "</style>", "</textarea>"].contains { text.contains($0) }
        case 2: return text.contains("-->")
        case 3: return text.contains("?>")
        case 4: return text.contains(">")
        case 5: return text.contains("]]>")
        default: return false
        }
    }

    static let blockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col", "colgroup",
        "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure", "footer", "form", "frame",
        "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link",
        "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param", "search", "section",
        "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title", "tr", "track", "ul",
    ]

    /// A GitHub table row's cells: split at pipes not escaped, outer pipes dropped.
    static func tableCells(_ text: Substring) -> [String] {
        var row = text.trimming(" ")[...]
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
                // `\|` is a pipe in the cell's text; other escapes are the inline parser's.
                if escaped && character == "|" { cell.removeLast() }
                cell.append(character)
            }
            escaped = character == "\\" && !escaped
        }
        cells.append(cell)
        return cells.map { $0.trimming(" ") }
    }

    /// The delimiter row under a table's header: `| --- | :-: |`.
    static func tableAlignments(_ line: MarkdownLine) -> [TableAlignment]? {
        guard line.indent < 4, line.text.utf8.contains(UInt8(ascii: "-")) else { return nil }
        var alignments: [TableAlignment] = []
        for cell in tableCells(line.text) {
            let core = cell.trimming(":")
            guard !core.isEmpty, core.allSatisfy({ $0 == "-" }) else { return nil }
            switch (cell.hasPrefix(":"), cell.hasSuffix(":")) {
            case (true, true): alignments.append(.center)
            case (true, false): alignments.append(.left)
            case (false, true): alignments.append(.right)
            case (false, false): alignments.append(TableAlignment.none)
            }
        }
        let hasPipe = line.text.utf8.contains(UInt8(ascii: "|"))
        return hasPipe || alignments.count > 1 ? alignments : nil
    }
}

extension StringProtocol {
    func trimming(_ set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
