/// A paragraph's or heading's text → HTML: CommonMark's inlines (escapes, entities, code spans,
/// emphasis, links, images, autolinks, raw HTML through `HTMLFilter`, hard and soft breaks).
struct MarkdownInlines {
    /// How deep links and images nest in labels before a `[` is text (cmark bounds link
    /// destinations' parentheses at 32 likewise): each level renders its label apart.
    static let maximumLinkNesting = 32

    enum Node {
        case text(String)
        case html(String)
        case delimiter(MarkdownDelimiter)
    }

    let references: [String: MarkdownLink]
    /// Where a link's destination leads on the page (`SiteLinks`): the site makes `.md` links
    /// links to pages; the result still goes through the URL filter.
    var linkTarget: (String) -> String = { $0 }
    /// Told of raw HTML and refused URLs met (`FilterLog`); nil: nobody asks.
    var log: FilterLog? = nil
    /// How many link or image labels this text is inside (`maximumLinkNesting`).
    var nesting = 0
    private(set) var nodes: [Node] = []
    private var text = ""

    init(references: [String: MarkdownLink]) {
        self.references = references
    }

    /// The HTML of `source`'s inlines.
    static func html(_ source: String, references: [String: MarkdownLink],
                     linkTarget: @escaping (String) -> String = { $0 }, log: FilterLog? = nil,
                     nesting: Int = 0) -> String {
        var parser = MarkdownInlines(references: references)
        parser.linkTarget = linkTarget
        parser.log = log
        parser.nesting = nesting
        parser.parse(Array(source.unicodeScalars))
        return MarkdownDelimiter.resolve(parser.nodes).map { node in
            switch node {
            case .text(let string): HTMLEscaping.text(string)
            case .html(let string): string
            case .delimiter(let run): String(repeating: String(run.character), count: run.count)
            }
        }.joined()
    }

    /// The plain text of `source` as an image's `alt` shows it (inline markup dropped).
    static func plainText(_ source: String, references: [String: MarkdownLink], nesting: Int = 0) -> String {
        var html = html(source, references: references, nesting: nesting)[...]
        var result = ""
        while let open = html.firstIndex(of: "<") {
            result += html[..<open]
            html = html[open...].drop { $0 != ">" }.dropFirst()
        }
        return result + html
    }

    private mutating func flush() {
        if !text.isEmpty { nodes.append(.text(text)); text = "" }
    }

    private mutating func emit(_ html: String) {
        flush()
        nodes.append(.html(html))
    }

    mutating func parse(_ s: [Unicode.Scalar]) {
        var i = 0
        while i < s.count {
            let c = s[i]
            switch c {
            case "\\":
                if i + 1 < s.count, s[i + 1].isASCIIPunctuation { text.unicodeScalars.append(s[i + 1]); i += 2; continue }
                if i + 1 < s.count, s[i + 1] == "\n" { emit("<br />\n"); i += 2; continue }
                text += "\\"
            case "`":
                let run = s[i...].prefix { $0 == "`" }.count
                if let (code, end) = Self.codeSpan(s, at: i, run: run) {
                    emit("<code>" + HTMLEscaping.text(code) + "</code>")
                    i = end
                    continue
                }
                text += String(repeating: "`", count: run)
                i += run
                continue
            case "*", "_":
                let run = s[i...].prefix { $0 == c }.count
                flush()
                nodes.append(.delimiter(MarkdownDelimiter(s, at: i, count: run)))
                i += run
                continue
            case "!" where i + 1 < s.count && s[i + 1] == "[":
                if let (html, end) = link(s, at: i + 1, image: true) { emit(html); i = end; continue }
                text += "!"
            case "[":
                if let (html, end) = link(s, at: i, image: false) { emit(html); i = end; continue }
                text += "["
            case "<":
                if let (html, end) = Self.autolink(s, at: i) {
                    // Written without its href: a URL the filter refused.
                    if !html.hasPrefix("<a href=") { log?.record() }
                    emit(html)
                    i = end
                    continue
                }
                if let end = Self.rawTagEnd(s, from: i) {
                    log?.record()
                    emit(HTMLFilter.html(String(String.UnicodeScalarView(s[i..<end])), linkTarget: linkTarget))
                    i = end
                    continue
                }
                // Text here, but a browser (or a laxer Markdown reader) would start a tag at it:
                // `<img src=x onerror=alert('x')>` is no tag to CommonMark, but is to HTML.
                if i + 1 < s.count, s[i + 1].properties.isAlphabetic || "/!?".unicodeScalars.contains(s[i + 1]) { log?.record() }
                text += "<"
            case "&":
                if let (decoded, end) = HTMLFilter.entity(s, at: i) { text += decoded; i = end; continue }
                text += "&"
            case "\n":
                let spaces = text.reversed().prefix { $0 == " " }.count
                text.removeLast(spaces)
                emit(spaces >= 2 ? "<br />\n" : "\n")
                i += 1
                while i < s.count, s[i] == " " { i += 1 }
                continue
            default:
                text.unicodeScalars.append(c)
            }
            i += 1
        }
        flush()
    }

    /// A code span opened by `run` backticks at `start`: its content and the index after it.
    static func codeSpan(_ s: [Unicode.Scalar], at start: Int, run: Int) -> (String, Int)? {
        var j = start + run
        while j < s.count {
            if s[j] == "`" {
                let closing = s[j...].prefix { $0 == "`" }.count
                if closing == run {
                    var code = String(String.UnicodeScalarView(s[(start + run)..<j])).replacingNewlines()
                    if code.count >= 2, code.first == " ", code.last == " ", code.contains(where: { $0 != " " }) {
                        code = String(code.dropFirst().dropLast())
                    }
                    return (code, j + closing)
                }
                j += closing
            } else {
                j += 1
            }
        }
        return nil
    }

    /// `<https://…>` or `<name@host>`.
    static func autolink(_ s: [Unicode.Scalar], at start: Int) -> (String, Int)? {
        guard let close = s[start...].firstIndex(of: ">") else { return nil }
        let inner = String(String.UnicodeScalarView(s[(start + 1)..<close]))
        guard !inner.contains(where: { $0 == " " || $0 == "<" || $0 == "\n" }) else { return nil }
        if let colon = inner.firstIndex(of: ":"), (2...32).contains(inner.distance(from: inner.startIndex, to: colon)),
           inner.first?.isLetter == true,
           inner[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) }) {
            let href = HTMLFilter.isSafeURL(inner) ? " href=\"\(HTMLEscaping.url(inner))\"" : ""
            return ("<a\(href)>\(HTMLEscaping.text(inner))</a>", close + 1)
        }
        let parts = inner.split(separator: "@", omittingEmptySubsequences: false)
        if parts.count == 2, !parts[0].isEmpty, parts[1].contains(where: { $0 == "." }),
           parts.allSatisfy({ $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-_+".contains($0)) } }) {
            return ("<a href=\"mailto:\(HTMLEscaping.url(inner))\">\(HTMLEscaping.text(inner))</a>", close + 1)
        }
        return nil
    }

    /// Backslash escapes of ASCII punctuation removed (info strings, link destinations, titles).
    static func unescape(_ string: String) -> String {
        var result = ""
        var escaped = false
        for scalar in string.unicodeScalars {
            if escaped {
                if !scalar.isASCIIPunctuation { result += "\\" }
                result.unicodeScalars.append(scalar)
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return escaped ? result + "\\" : result
    }
}

extension Unicode.Scalar {
    var isASCIIPunctuation: Bool {
        isASCII && "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars.contains(self)
    }
}

extension String {
    func replacingNewlines() -> String {
        String(map { $0 == "\n" ? " " : $0 })
    }
}
