/// The attributes of a raw HTML open tag, as CommonMark's grammar reads them: where Markdown
/// sees raw HTML. What the tag means is read again as a browser reads it (`HTMLTokenizer`).
enum HTMLAttributes {
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
}
