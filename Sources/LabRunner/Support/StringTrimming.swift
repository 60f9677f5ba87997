extension String {
    /// The string without leading and trailing spaces and tabs (not newlines: callers work on single lines).
    func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isBlank($0) }), let end = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[start...end])
    }
}

extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
