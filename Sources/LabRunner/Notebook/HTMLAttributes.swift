/// The attributes of a raw HTML open tag, as CommonMark's grammar reads them.
struct HTMLAttributes {
    let name: String
    let value: String?

    /// Where the open tag whose attributes start at `start` ends (after `>` or `/>`); nil when
    /// the text is not a valid tag.
    static func end(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var i = start
        while true {
            let spaceStart = i
            while i < s.count, s[i] == " " || s[i] == "\n" || s[i] == "\t" { i += 1 }
            guard i < s.count else { return nil }
            if s[i] == ">" { return i + 1 }
            if s[i] == "/" { return i + 1 < s.count && s[i + 1] == ">" ? i + 2 : nil }
            guard i > spaceStart, isNameStart(s[i]) else { return nil }
            while i < s.count, isNameStart(s[i]) || ("0"..."9").contains(s[i]) || s[i] == "." || s[i] == "-" { i += 1 }
            var j = i
            while j < s.count, s[j] == " " || s[j] == "\n" { j += 1 }
            guard j < s.count, s[j] == "=" else { continue }
            j += 1
            while j < s.count, s[j] == " " || s[j] == "\n" { j += 1 }
            guard j < s.count else { return nil }
            if s[j] == "\"" || s[j] == "'" {
                guard let close = s[(j + 1)...].firstIndex(of: s[j]) else { return nil }
                i = close + 1
            } else {
                let begin = j
                while j < s.count, !" \n\"'=<>`".unicodeScalars.contains(s[j]) { j += 1 }
                guard j > begin else { return nil }
                i = j
            }
        }
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || scalar == "_" || scalar == ":")
    }

    /// `name`, `name=value`, `name="value"` pairs of a tag's attribute text (entities left as written).
    static func parse(_ text: String) -> [HTMLAttributes] {
        let s = Array(text.unicodeScalars)
        var result: [HTMLAttributes] = []
        var i = 0
        while i < s.count {
            while i < s.count, s[i] == " " || s[i] == "\n" || s[i] == "\t" || s[i] == "/" { i += 1 }
            let begin = i
            while i < s.count, !" \n\t=/>".unicodeScalars.contains(s[i]) { i += 1 }
            guard i > begin else { i += 1; continue }
            let name = String(String.UnicodeScalarView(s[begin..<i]))
            var j = i
            while j < s.count, s[j] == " " || s[j] == "\n" { j += 1 }
            guard j < s.count, s[j] == "=" else { result.append(HTMLAttributes(name: name, value: nil)); continue }
            j += 1
            while j < s.count, s[j] == " " || s[j] == "\n" { j += 1 }
            var value = ""
            if j < s.count, s[j] == "\"" || s[j] == "'" {
                let quote = s[j]
                let close = s[(j + 1)...].firstIndex(of: quote) ?? s.count
                value = String(String.UnicodeScalarView(s[(j + 1)..<close]))
                i = min(close + 1, s.count)
            } else {
                let valueStart = j
                while j < s.count, !" \n\t>".unicodeScalars.contains(s[j]) { j += 1 }
                value = String(String.UnicodeScalarView(s[valueStart..<j]))
                i = j
            }
            result.append(HTMLAttributes(name: name, value: MarkdownInlines.decode(value)))
        }
        return result
    }
}
