/// A link's destination and title, inline or from a reference definition.
struct MarkdownLink: Sendable, Equatable {
    let destination: String
    let title: String?
}

extension MarkdownInlines {
    /// A link or image whose `[` is at `start`: its HTML and the index after it; nil when the
    /// brackets are not a link (they are then text).
    func link(_ s: [Unicode.Scalar], at start: Int, image: Bool) -> (String, Int)? {
        guard nesting < Self.maximumLinkNesting, let close = Self.closingBracket(s, from: start) else { return nil }
        let label = String(String.UnicodeScalarView(s[(start + 1)..<close]))
        var target: MarkdownLink?
        var end = close + 1
        if end < s.count, s[end] == "(", let (inline, after) = Self.inlineTarget(s, at: end) {
            target = inline
            end = after
        } else if end < s.count, s[end] == "[", let second = Self.closingBracket(s, from: end) {
            let reference = String(String.UnicodeScalarView(s[(end + 1)..<second]))
            target = references[Self.normalized(reference.isEmpty ? label : reference)]
            end = second + 1
        } else {
            target = references[Self.normalized(label)]
        }
        guard let target else { return nil }
        let title = target.title.map { " title=\"\(HTMLEscaping.text($0))\"" } ?? ""
        let destination = image ? target.destination : linkTarget(target.destination)
        let safe = HTMLFilter.isSafeURL(destination)
        if !safe { log?.record() }
        let url = HTMLEscaping.url(destination)
        if image {
            // plainText is already HTML text (escaped, tags dropped): escaping it again showed
            // `&amp;quot;`. What a raw tag's removal can leave (`<a title=">" …>`) is escaped still.
            let alt = Self.plainText(label, references: references, nesting: nesting + 1)
                .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            return ("<img src=\"\(safe ? url : "")\" alt=\"\(alt)\"\(title) />", end)
        }
        let href = safe ? " href=\"\(url)\"" : ""
        return ("<a\(href)\(title)>\(Self.html(label, references: references, log: log, nesting: nesting + 1))</a>", end)
    }

    /// The `]` matching the `[` at `start`, skipping escapes and code spans.
    static func closingBracket(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 0
        var i = start
        while i < s.count {
            switch s[i] {
            case "\\": i += 1
            case "`":
                let run = s[i...].prefix { $0 == "`" }.count
                if let (_, end) = codeSpan(s, at: i, run: run) { i = end - 1 } else { i += run - 1 }
            case "[": depth += 1
            case "]":
                depth -= 1
                if depth == 0 { return i }
            default: break
            }
            i += 1
        }
        return nil
    }

    /// `(destination "title")` at `start`. A destination's parentheses nest at most 32 deep, as
    /// cmark's: past that the scan stops, so a line of `[a](` repeated costs each `[` a few
    /// characters, where following every `(` to the end of the line made it quadratic.
    static func inlineTarget(_ s: [Unicode.Scalar], at start: Int) -> (MarkdownLink, Int)? {
        var i = start + 1
        func skipSpace() { while i < s.count, s[i] == " " || s[i] == "\n" { i += 1 } }
        skipSpace()
        var destination = ""
        if i < s.count, s[i] == "<" {
            guard let close = s[i...].firstIndex(where: { $0 == ">" || $0 == "\n" }), s[close] == ">" else { return nil }
            destination = String(String.UnicodeScalarView(s[(i + 1)..<close]))
            i = close + 1
        } else {
            var depth = 0
            let begin = i
            while i < s.count, s[i] != " ", s[i] != "\n", s[i].value >= 0x20 {
                if s[i] == "\\", i + 1 < s.count { i += 2; continue }
                if s[i] == "(" { depth += 1; if depth > 32 { return nil } }
                if s[i] == ")" { if depth == 0 { break }; depth -= 1 }
                i += 1
            }
            destination = String(String.UnicodeScalarView(s[begin..<i]))
        }
        let beforeTitle = i
        skipSpace()
        var title: String?
        if i < s.count, i > beforeTitle, let opener = "\"'(".unicodeScalars.first(where: { $0 == s[i] }) {
            let closer: Unicode.Scalar = opener == "(" ? ")" : opener
            var j = i + 1
            while j < s.count, s[j] != closer { j += s[j] == "\\" ? 2 : 1 }
            guard j < s.count else { return nil }
            title = decode(String(String.UnicodeScalarView(s[(i + 1)..<j])))
            i = j + 1
            skipSpace()
        }
        guard i < s.count, s[i] == ")" else { return nil }
        return (MarkdownLink(destination: decode(destination), title: title), i + 1)
    }

    /// Escapes and entities of a destination or title decoded.
    static func decode(_ string: String) -> String {
        HTMLFilter.decodingReferences(unescape(string))
    }

    /// How labels match: case-folded, inner whitespace collapsed.
    static func normalized(_ label: String) -> String {
        label.lowercased().split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// A one-line link reference definition: `[label]: destination "title"`.
    static func definition(_ line: String) -> (String, MarkdownLink)? {
        let s = Array(line.unicodeScalars)
        guard let close = closingBracket(s, from: 0), close + 1 < s.count, s[close + 1] == ":" else { return nil }
        let label = normalized(String(String.UnicodeScalarView(s[1..<close])))
        guard !label.isEmpty else { return nil }
        let rest = String(String(String.UnicodeScalarView(s[(close + 2)...])).drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
        guard !rest.isEmpty else { return nil }
        guard let (link, end) = inlineTarget(Array(("(" + rest + ")").unicodeScalars), at: 0),
              end == rest.unicodeScalars.count + 2 else { return nil }
        return (label, link)
    }
}
