/// One text field of a CSV file that spreadsheets open: RFC 4180 quoting where needed, and a
/// `'` before a formula a spreadsheet could find in it (OWASP's rule for CSV injection), under
/// whichever list separator the spreadsheet splits at.
enum CSVField {
    /// First characters that make Excel, LibreOffice or Sheets evaluate a cell: a student's name
    /// like `=HYPERLINK(…)` would otherwise run as the teacher opens the grades.
    static let formulaStarts: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r"]
    /// Where a spreadsheet may start a new cell: a locale's list separator (`,` or `;`), a tab
    /// (text import), a line break. A spreadsheet splitting at `;` ignores the quotes of a field
    /// that does not start the record, so `x;=2*3` would give a cell `=2*3`.
    static let separators: Set<Unicode.Scalar> = [",", ";", "\t", "\r", "\n"]
    /// Characters that need the field quoted. Scalars, not Characters: `\r\n` is one Character.
    static let quoted: Set<Unicode.Scalar> = [",", ";", "\t", "\"", "\n", "\r"]

    static func encode(_ text: String) -> String {
        let neutral = neutral(text)
        guard neutral.unicodeScalars.contains(where: quoted.contains) else { return neutral }
        return "\"" + neutral.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The text with a `'` wherever a cell a spreadsheet could make of it would be read as a
    /// formula: at the start, and after each separator, when the next character after any
    /// spaces starts a formula. What the field holds once its quotes are read; applied twice,
    /// it adds nothing (a guarded cell starts with `'`).
    static func neutral(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var cellStart = true
        for (index, scalar) in scalars.enumerated() {
            if cellStart, let first = scalars[index...].first(where: { $0 != " " }), formulaStarts.contains(first) {
                result.append("'")
            }
            result.append(scalar)
            cellStart = separators.contains(scalar)
        }
        return String(result)
    }
}
