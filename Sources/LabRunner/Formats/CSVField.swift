/// One text field of a CSV file that spreadsheets open: RFC 4180 quoting where needed, and a
/// leading `'` on a field they would read as a formula (OWASP's rule for CSV injection).
enum CSVField {
    /// First characters that make Excel, LibreOffice or Sheets evaluate a cell: a student's name
    /// like `=HYPERLINK(…)` would otherwise run as the teacher opens the grades.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
    /// Characters that need the field quoted. Scalars, not Characters: `\r\n` is one Character.
    static let quoted: Set<Unicode.Scalar> = [",", "\"", "\n", "\r"]

    static func encode(_ text: String) -> String {
        let neutral = neutral(text)
        guard neutral.unicodeScalars.contains(where: quoted.contains) else { return neutral }
        return "\"" + neutral.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The text with a leading `'` when a spreadsheet would read it as a formula: what the
    /// field holds once its quotes are read.
    static func neutral(_ text: String) -> String {
        text.unicodeScalars.first.map(formulaStarts.contains) == true ? "'" + text : text
    }
}
