/// The Markdown line a diagnostic points at, with a caret under its column, as compilers show it.
enum SourceExcerpt {
    static func lines(for location: SourceLocation, in source: MarkdownSource, style: Style) -> [String] {
        guard location.line >= 1, location.line <= source.lines.count else { return [] }
        let line = source.lines[location.line - 1]
        let bytes = Array(source.bytes[line.start..<line.contentEnd])
        // A NUL would print as nothing and an escape sequence would act on the terminal: show
        // control characters as their pictures (`␀`, `␛`), one character wide like them.
        let text = ControlPictures.shown(String(decoding: bytes, as: UTF8.self))
        var out = ["    " + text]
        if let column = location.column, column >= 1 {
            // Keep tabs so the caret lines up however the terminal expands them; count characters, not bytes.
            let before = String(decoding: bytes.prefix(column - 1), as: UTF8.self)
            let padding = String(before.map { $0 == "\t" ? "\t" : " " })
            out.append("    " + padding + style.green("^"))
        }
        return out
    }
}
