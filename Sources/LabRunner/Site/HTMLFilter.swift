/// Raw HTML from a lab's Markdown, made safe by writing it again from a parse: the input read
/// as a browser's tokenizer reads it (`HTMLTokenizer`), then only allowed elements with allowed
/// attributes written, each value quoted and escaped, each URL relative or http(s)/mailto.
/// Comments, CDATA, processing instructions and declarations are dropped; any other tag and
/// anything a browser would not read as a tag is shown as text. The page's
/// Content-Security-Policy would block scripts anyway; this keeps a lab's HTML from running,
/// loading, submitting or navigating anything, and from touching the page's own markup.
enum HTMLFilter {
    /// Elements prose may use: text-level and block formatting, lists, tables, links, images
    /// (GitHub's list without inputs, media and `picture`).
    static let allowedElements: Set<String> = [
        "a", "abbr", "b", "bdi", "bdo", "blockquote", "br", "caption", "center", "cite", "code", "col", "colgroup",
        "dd", "del", "details", "dfn", "div", "dl", "dt", "em", "figcaption", "figure", "h1", "h2", "h3", "h4", "h5",
        "h6", "hr", "i", "img", "ins", "kbd", "li", "mark", "ol", "p", "pre", "q", "rp", "rt", "ruby", "s", "samp",
        "small", "span", "strike", "strong", "sub", "summary", "sup", "table", "tbody", "td", "tfoot", "th", "thead",
        "time", "tr", "tt", "u", "ul", "var", "wbr",
    ]

    /// Attributes kept: presentation and table structure only. No event handler, `style`,
    /// `class`, `id` or `name` (they would reach the page's own style, script and anchors).
    static let allowedAttributes: Set<String> = [
        "abbr", "align", "alt", "border", "cellpadding", "cellspacing", "colspan", "datetime", "dir", "headers",
        "height", "hreflang", "lang", "nowrap", "open", "reversed", "rowspan", "scope", "span", "start", "summary",
        "title", "type", "valign", "value", "width",
    ]

    /// Attributes holding a URL: kept when `isSafeURL` says so.
    static let urlAttributes: Set<String> = ["href", "src", "cite"]

    /// Raw HTML (a block, or one inline tag or comment) as it may appear on the page.
    /// `linkTarget`: where an `<a>`'s `href` leads (`SiteLinks.href`: a `.md` file's page), as
    /// for a Markdown link; the result is checked as any URL is.
    static func html(_ raw: String, linkTarget: (String) -> String = { $0 }) -> String {
        var result = ""
        for token in HTMLTokenizer.tokens(raw) {
            switch token {
            case .text(let text):
                result += visible(text)
            case .comment:
                break
            case .unfinished(let source):
                result += visible(source)
            case .endTag(let name, let source):
                result += allowedElements.contains(name) ? "</\(name)>" : visible(source)
            case .startTag(let name, let attributes, let selfClosing, let source):
                guard allowedElements.contains(name) else { result += visible(source); continue }
                let kept = attributes.map { attribute in
                    name == "a" && attribute.name == "href" ? HTMLTokenizer.Attribute(name: "href", value: linkTarget(attribute.value)) : attribute
                }.filter { attribute in
                    urlAttributes.contains(attribute.name) ? isSafeURL(attribute.value) : allowedAttributes.contains(attribute.name)
                }
                // Written again, quoted and escaped, so what the browser reads is what was checked.
                let written = kept.map { " \($0.name)=\"\(HTMLEscaping.attribute($0.value))\"" }.joined()
                result += "<" + name + written + (selfClosing ? " />" : ">")
            }
        }
        return result
    }

    /// Text that holds no markup: every `<` escaped (as cmark-gfm's tag filter shows a tag:
    /// `&lt;script>`), NUL made U+FFFD. `&` stays: a character reference is only ever text.
    private static func visible(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": result += "&lt;"
            case "\0": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// True for a URL a browser reads as relative (no scheme) or as `http:`, `https:` or
    /// `mailto:`; false for any other scheme (`javascript:`, `vbscript:`, `data:`, `file:`…).
    /// Read as a browser's URL parser reads it: leading spaces and control characters skipped,
    /// tabs and line breaks removed wherever they are.
    static func isSafeURL(_ url: String) -> Bool {
        var scalars = url.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }[...]
        while let first = scalars.first, first.value <= 0x20 { scalars = scalars.dropFirst() }
        guard let first = scalars.first, first.isASCII, first.properties.isAlphabetic else { return true }
        let scheme = scalars.prefix { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) }
        guard scheme.endIndex < scalars.endIndex, scalars[scheme.endIndex] == ":" else { return true }
        return ["http", "https", "mailto"].contains(String(String.UnicodeScalarView(scheme)).lowercased())
    }

    /// `text` with the character references `entity(_:at:)` knows decoded, NUL as U+FFFD.
    static func decodingReferences(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = ""
        var i = 0
        while i < scalars.count {
            if scalars[i] == "&", let (character, end) = entity(scalars, at: i) {
                result += character
                i = end
            } else {
                result.unicodeScalars.append(scalars[i] == "\0" ? "\u{FFFD}" : scalars[i])
                i += 1
            }
        }
        return result
    }

    /// `&amp;`, `&#123;`, `&#x1F600;` at `start`: the character and the index after the `;`.
    static func entity(_ s: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        guard let semicolon = s[start...].prefix(34).firstIndex(of: ";") else { return nil }
        let body = String(String.UnicodeScalarView(s[(start + 1)..<semicolon]))
        if body.hasPrefix("#") {
            let digits = body.dropFirst()
            let hex = digits.first == "x" || digits.first == "X"
            let number = hex ? digits.dropFirst() : digits
            guard (1...(hex ? 6 : 7)).contains(number.count), let value = UInt32(number, radix: hex ? 16 : 10) else { return nil }
            let scalar = value == 0 ? nil : Unicode.Scalar(value)
            return (String(Character(scalar ?? "\u{FFFD}")), semicolon + 1)
        }
        guard let value = named[body] else { return nil }
        return (value, semicolon + 1)
    }

    /// The named entities prose uses; any other name stays as written (`&amp;name;` on the page).
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©", "reg": "®",
        "trade": "™", "mdash": "—", "ndash": "–", "hellip": "…", "rarr": "→", "larr": "←", "harr": "↔",
        "uarr": "↑", "darr": "↓", "times": "×", "divide": "÷", "middot": "·", "bull": "•", "laquo": "«",
        "raquo": "»", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”", "deg": "°", "plusmn": "±",
        "ne": "≠", "le": "≤", "ge": "≥", "check": "✓", "para": "¶", "sect": "§", "euro": "€", "pound": "£",
    ]
}

extension MarkdownInlines {
    /// The end of the raw HTML starting at `start` (an open or closing tag, a comment, a
    /// processing instruction, a declaration, CDATA), as CommonMark defines them; nil if none.
    static func rawTagEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        guard start < s.count, s[start] == "<" else { return nil }
        let rest = String(String.UnicodeScalarView(s[start...].prefix(9)))
        func through(_ terminator: String, from offset: Int) -> Int? {
            let t = Array(terminator.unicodeScalars)
            var i = start + offset
            while i + t.count <= s.count {
                if Array(s[i..<(i + t.count)]) == t { return i + t.count }
                i += 1
            }
            return nil
        }
        if rest.hasPrefix("<!-->") { return start + 5 }
        if rest.hasPrefix("<!--->") { return start + 6 }
        if rest.hasPrefix("<!--") { return through("-->", from: 4) }
        if rest.hasPrefix("<?") { return through("?>", from: 2) }
        if rest.hasPrefix("<![CDATA[") { return through("]]>", from: 9) }
        if rest.hasPrefix("<!"), s.count > start + 2, s[start + 2].properties.isAlphabetic { return through(">", from: 2) }
        var i = start + 1
        let closing = i < s.count && s[i] == "/"
        if closing { i += 1 }
        guard i < s.count, s[i].isASCII, s[i].properties.isAlphabetic else { return nil }
        while i < s.count, s[i].isASCII, s[i].properties.isAlphabetic || ("0"..."9").contains(s[i]) || s[i] == "-" { i += 1 }
        if closing {
            while i < s.count, s[i] == " " || s[i] == "\n" { i += 1 }
            return i < s.count && s[i] == ">" ? i + 1 : nil
        }
        guard let end = HTMLAttributes.end(s, from: i) else { return nil }
        return end
    }
}
