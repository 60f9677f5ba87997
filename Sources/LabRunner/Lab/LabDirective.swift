/// `<!-- labrunner: … -->` comments: attributes for files whose info strings should stay as they are.
///
/// On the line right before a fence, the words apply to that block as if written after `swift`
/// (`<!-- labrunner: skip -->`). `bare=LANG` (anywhere before the first fence) reads fences without
/// an info string as LANG, like `--bare LANG`.
struct LabDirective: Sendable, Equatable {
    struct Word: Sendable, Equatable {
        let text: String
        /// 1-based column on the directive's line.
        let column: Int
    }

    let line: Int
    let words: [Word]

    /// The `bare=LANG` language, if the directive sets one.
    var bareLanguage: String? {
        words.lazy.compactMap { $0.text.hasPrefix("bare=") ? String($0.text.dropFirst(5)) : nil }.first
    }

    /// The words that are cell attributes (all but `bare=…` and the file's kind, `guide` or `lab`).
    /// An exercise directive (`exercise id=…`, `end-exercise`) has none: `ExerciseDirective` reads it.
    var attributeWords: [Word] {
        if let first = words.first?.text, first == "exercise" || first == "end-exercise" { return [] }
        return words.filter { !$0.text.hasPrefix("bare=") && DocumentKind(rawValue: $0.text) == nil }
    }

    /// `guide` or `lab`, if the directive says how the file is read.
    var documentKind: DocumentKind? { words.lazy.compactMap { DocumentKind(rawValue: $0.text) }.first }

    private static let opening = Array("<!--".utf8), closing = Array("-->".utf8), keyword = Array("labrunner:".utf8)

    /// The directive on `line` (1-based), if that line holds one, after container markers (`>`, indentation).
    static func parse(line number: Int, in source: MarkdownSource) -> LabDirective? {
        guard number >= 1, number <= source.lines.count else { return nil }
        let line = source.lines[number - 1]
        var start = line.start, end = line.contentEnd
        let bytes = source.bytes
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == UInt8(ascii: ">") { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        guard end - start >= opening.count + closing.count, ByteWord.has(opening, in: bytes, at: start, end: end),
              ByteWord.has(closing, in: bytes, at: end - closing.count, end: end) else { return nil }
        var position = start + opening.count
        while position < end, bytes[position] == 0x20 { position += 1 }
        guard end - position >= keyword.count, ByteWord.has(keyword, in: bytes, at: position, end: end) else { return nil }
        position += keyword.count
        let bodyEnd = end - closing.count
        var words: [Word] = []
        var wordStart: Int? = nil
        for index in position...bodyEnd {
            let separator = index == bodyEnd || bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: ",")
            if separator, let begin = wordStart {
                words.append(Word(text: String(decoding: bytes[begin..<index], as: UTF8.self), column: begin - line.start + 1))
                wordStart = nil
            } else if !separator, wordStart == nil {
                wordStart = index
            }
        }
        return LabDirective(line: number, words: words)
    }

    /// The first `bare=LANG` directive on a line before `firstFenceLine` (after the front matter).
    static func bareLanguage(in source: MarkdownSource, after frontMatterLines: Int, before firstFenceLine: Int) -> String? {
        first(in: source, after: frontMatterLines, before: firstFenceLine) { $0.bareLanguage }
    }

    /// The first `guide` or `lab` directive on a line before `firstFenceLine`, with its line.
    static func documentKind(in source: MarkdownSource, after frontMatterLines: Int, before firstFenceLine: Int) -> (DocumentKind, line: Int)? {
        first(in: source, after: frontMatterLines, before: firstFenceLine) { directive in directive.documentKind.map { ($0, directive.line) } }
    }

    private static func first<T>(in source: MarkdownSource, after frontMatterLines: Int, before firstFenceLine: Int,
                                 _ value: (LabDirective) -> T?) -> T? {
        let lastLine = min(firstFenceLine - 1, source.lines.count)
        guard lastLine > frontMatterLines else { return nil }
        for number in (frontMatterLines + 1)...lastLine {
            if let directive = parse(line: number, in: source), let found = value(directive) { return found }
        }
        return nil
    }
}
