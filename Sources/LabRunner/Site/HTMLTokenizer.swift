/// Raw HTML read as a browser reads it: the WHATWG HTML tokenizer from its data state (tag,
/// attribute, comment, bogus comment and DOCTYPE states), so the filter judges the tags a
/// browser would build and not those CommonMark's grammar sees. The two differ: `--!>` ends a
/// comment, `<?…>` and `<![CDATA[…]]>` end at their first `>`, a form feed separates attributes,
/// `@x` or a backtick do not stop a tag.
struct HTMLTokenizer {
    /// One piece of the input.
    enum Token: Equatable {
        /// Characters as written (character references left for the browser to decode).
        case text(String)
        /// An open tag: its name and attributes lower-cased as a browser stores them, values
        /// with character references decoded, the later of two attributes of one name dropped.
        case startTag(name: String, attributes: [Attribute], selfClosing: Bool, source: String)
        /// A closing tag (a browser ignores its attributes).
        case endTag(name: String, source: String)
        /// A comment, CDATA outside SVG and MathML, `<?…>`, `<!…>`, a DOCTYPE, `</ …>` or `</>`:
        /// nothing a page shows.
        case comment
        /// A tag the input ends inside: a browser drops it; as text it shows what was written.
        case unfinished(String)
    }

    /// `name` or `name=value`, as the browser stores it.
    struct Attribute: Equatable {
        let name: String
        let value: String
    }

    private let s: [Unicode.Scalar]
    private var i = 0

    /// Every token of `html`, in order.
    static func tokens(_ html: String) -> [Token] {
        var tokenizer = HTMLTokenizer(s: Array(html.unicodeScalars))
        var result: [Token] = []
        while let token = tokenizer.next() { result.append(token) }
        return result
    }

    private init(s: [Unicode.Scalar]) { self.s = s }

    private var current: Unicode.Scalar? { i < s.count ? s[i] : nil }

    /// The token at the cursor, nil at the end.
    private mutating func next() -> Token? {
        guard let c = current else { return nil }
        guard c == "<" else {
            let start = i
            while let c = current, c != "<" { i += 1 }
            return .text(String(String.UnicodeScalarView(s[start..<i])))
        }
        let start = i
        i += 1
        switch current {
        case "!": i += 1; return markupDeclaration()
        case "?": return bogusComment()
        case "/":
            i += 1
            guard let c = current else { return .text("</") }
            if c == ">" { i += 1; return .comment }
            guard c.isASCII, c.properties.isAlphabetic else { return bogusComment() }
            return tag(from: start, closing: true)
        case let c? where c.isASCII && c.properties.isAlphabetic:
            return tag(from: start, closing: false)
        default:
            return .text("<")
        }
    }

    /// After `<!`: a comment, CDATA (a bogus comment outside foreign content, which prose never
    /// enters), a DOCTYPE or a bogus comment. A DOCTYPE ends at its first `>` as a bogus comment does.
    private mutating func markupDeclaration() -> Token {
        guard starts(with: "--") else { return bogusComment() }
        i += 2
        // `<!-->` and `<!--->` are whole (abrupt) comments.
        if current == ">" { i += 1; return .comment }
        if current == "-", i + 1 < s.count, s[i + 1] == ">" { i += 2; return .comment }
        // Ends at `--` then any `-` then `>` or `!>`; at the end of the input otherwise.
        while i < s.count {
            if starts(with: "--") {
                var j = i + 2
                while j < s.count, s[j] == "-" { j += 1 }
                if j < s.count, s[j] == ">" { i = j + 1; return .comment }
                if j + 1 < s.count, s[j] == "!", s[j + 1] == ">" { i = j + 2; return .comment }
                i = j
            } else {
                i += 1
            }
        }
        return .comment
    }

    private mutating func bogusComment() -> Token {
        while let c = current, c != ">" { i += 1 }
        if current == ">" { i += 1 }
        return .comment
    }

    private func starts(with prefix: String) -> Bool {
        let p = Array(prefix.unicodeScalars)
        return i + p.count <= s.count && Array(s[i..<(i + p.count)]) == p
    }

    private static func isSpace(_ c: Unicode.Scalar) -> Bool {
        // Tab, line feed, form feed, space; a browser has made carriage returns line feeds.
        c == "\t" || c == "\n" || c == "\u{0C}" || c == " " || c == "\r"
    }

    /// A tag whose name starts at the cursor (`<` at `start`).
    private mutating func tag(from start: Int, closing: Bool) -> Token {
        var name = ""
        var attributes: [Attribute] = []
        var selfClosing = false
        func lowered(_ c: Unicode.Scalar) -> Unicode.Scalar {
            c == "\0" ? "\u{FFFD}" : c.isASCII ? Unicode.Scalar(UInt8(ascii: c) | (c.properties.isUppercase ? 0x20 : 0)) : c
        }
        while let c = current, !Self.isSpace(c), c != "/", c != ">" { name.unicodeScalars.append(lowered(c)); i += 1 }
        while let c = current {
            if Self.isSpace(c) { i += 1; continue }
            if c == ">" {
                i += 1
                let source = String(String.UnicodeScalarView(s[start..<i]))
                return closing ? .endTag(name: name, source: source)
                    : .startTag(name: name, attributes: attributes, selfClosing: selfClosing, source: source)
            }
            if c == "/" {
                i += 1
                selfClosing = current == ">"
                continue
            }
            selfClosing = false
            // An attribute name: its first character may be `=`; then up to a space, `/`, `>` or `=`.
            var key = String(lowered(c))
            i += 1
            while let c = current, !Self.isSpace(c), c != "/", c != ">", c != "=" { key.unicodeScalars.append(lowered(c)); i += 1 }
            while let c = current, Self.isSpace(c) { i += 1 }
            var value = ""
            if current == "=" {
                i += 1
                while let c = current, Self.isSpace(c) { i += 1 }
                if let quote = current, quote == "\"" || quote == "'" {
                    i += 1
                    let begin = i
                    while let c = current, c != quote { i += 1 }
                    guard current == quote else { break }
                    value = String(String.UnicodeScalarView(s[begin..<i]))
                    i += 1
                } else {
                    let begin = i
                    while let c = current, !Self.isSpace(c), c != ">" { i += 1 }
                    value = String(String.UnicodeScalarView(s[begin..<i]))
                }
            }
            if !attributes.contains(where: { $0.name == key }) {
                // The references the filter knows are decoded; any other `&` stays, and is escaped when
                // written, so the browser reads what was checked.
                attributes.append(Attribute(name: key, value: HTMLFilter.decodingReferences(value)))
            }
        }
        return .unfinished(String(String.UnicodeScalarView(s[start...])))
    }
}
