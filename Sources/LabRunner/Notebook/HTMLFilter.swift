/// Raw HTML from a lab's Markdown, filtered as GitHub does: tags that run or load things
/// (`script`, `style`, `iframe`…) shown as text, event attributes (`onerror`…) and
/// `javascript:` URLs dropped. The page's Content-Security-Policy would block them anyway;
/// this keeps a lab's HTML from even trying.
enum HTMLFilter {
    /// Tags shown as text: GitHub's tag filter, plus those that load or submit things.
    static let disallowed: Set<String> = [
        "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
        "object", "embed", "base", "meta", "link", "form", "frame", "frameset", "svg", "math", "template",
    ]

    /// A raw HTML block: every tag in it filtered, other text left as written.
    static func filterBlock(_ html: String) -> String {
        let s = Array(html.unicodeScalars)
        var result = ""
        var i = 0
        while i < s.count {
            if s[i] == "<", let end = MarkdownInlines.rawTagEnd(s, from: i) {
                result += filter(String(String.UnicodeScalarView(s[i..<end])))
                i = end
            } else {
                result.unicodeScalars.append(s[i])
                i += 1
            }
        }
        return result
    }

    /// One tag (or comment, declaration, processing instruction) as it may appear on the page.
    static func filter(_ tag: String) -> String {
        if tag.hasPrefix("<!--") || tag.hasPrefix("<!") || tag.hasPrefix("<?") { return tag }
        let closing = tag.hasPrefix("</")
        let body = tag.dropFirst(closing ? 2 : 1)
        let name = body.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
        if disallowed.contains(name.lowercased()) { return "&lt;" + tag.dropFirst() }
        if closing { return tag }
        var attributes = body.dropFirst(name.count)
        let selfClosing = attributes.hasSuffix("/>")
        attributes = attributes.dropLast(selfClosing ? 2 : 1)
        let kept = HTMLAttributes.parse(String(attributes)).filter { attribute in
            let key = attribute.name.lowercased()
            if key.hasPrefix("on") || key == "style" || key == "srcdoc" || key == "formaction" { return false }
            if ["href", "src", "action", "background", "poster", "cite", "xlink:href", "data"].contains(key) {
                return isSafeURL(attribute.value ?? "")
            }
            return true
        }
        // Kept attributes are written again, quoted and escaped, so none can smuggle another.
        let written = kept.map { attribute in
            " " + attribute.name + (attribute.value.map { "=\"\(HTMLEscaping.attribute($0))\"" } ?? "")
        }.joined()
        return "<" + name + written + (selfClosing ? " />" : ">")
    }

    /// False for `javascript:`, `vbscript:` and `data:` URLs (spaces and control characters ignored,
    /// as browsers ignore them).
    static func isSafeURL(_ url: String) -> Bool {
        let squeezed = url.unicodeScalars.filter { $0.value > 0x20 }.map { Character($0) }
        let lowered = String(squeezed).lowercased()
        return !["javascript:", "vbscript:", "data:"].contains { lowered.hasPrefix($0) }
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
