extension Excerpt {
    /// The line, then the caret under the column when there is one, indented by four.
    func lines(style: Style) -> [String] {
        ["    " + text] + (padding.map { ["    " + $0 + style.green("^")] } ?? [])
    }
}
