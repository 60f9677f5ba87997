import Foundation

/// A line of a file and the column a message points at: shown under the message, with a caret.
package struct Excerpt: Sendable, Equatable {
    /// The line's text, control characters shown as their pictures (`␀`, `␛`).
    package let text: String
    /// What comes before the column, each character a space (a tab kept, so the caret lines up).
    package let padding: String?

    /// The excerpt of `location` in `source`, nil when the line is not in it.
    init?(_ location: SourceLocation, in source: MarkdownSource) {
        guard location.line >= 1, location.line <= source.lines.count else { return nil }
        let line = source.lines[location.line - 1]
        let bytes = Array(source.bytes[line.start..<line.contentEnd])
        // A NUL would print as nothing and an escape sequence would act on the terminal: show
        // control characters as their pictures (`␀`, `␛`), one character wide like them.
        text = ControlPictures.shown(String(decoding: bytes, as: UTF8.self))
        if let column = location.column, column >= 1 {
            // Count characters, not bytes.
            let before = String(decoding: bytes.prefix(column - 1), as: UTF8.self)
            padding = String(before.map { $0 == "\t" ? "\t" : " " })
        } else {
            padding = nil
        }
    }

    /// The excerpt of `location` in a file's `bytes`.
    package init?(_ location: SourceLocation, bytes: [UInt8]) {
        self.init(location, in: MarkdownSource(bytes: bytes))
    }
}
