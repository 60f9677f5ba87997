/// A JSON value written byte for byte as Jupyter writes a notebook (`nbformat.write`, which is
/// Python's `json.dumps(nb, sort_keys=True, indent=1, ensure_ascii=False)` and a final line
/// break): keys sorted by code point, one space of indentation per level, `": "` between a key and
/// its value, characters other than `"`, `\` and controls kept as they are. So a notebook written
/// twice is the same bytes, and reading and writing it with nbformat changes nothing.
enum NotebookJSON: Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([NotebookJSON])
    case object([String: NotebookJSON])

    /// The document: the value, then a line break.
    var text: String {
        var output = ""
        serialize(into: &output, indent: 0)
        return output + "\n"
    }

    /// A text as Jupyter stores one (a cell's source, a stream's text): its lines, each keeping
    /// its line break, so a diff of two notebooks shows lines. Split where Python's
    /// `str.splitlines(True)` splits, as nbformat does: `\n`, `\r`, `\r\n`, and the other
    /// separators Unicode names (`\u{0B}`, `\u{0C}`, `\u{1C}`…`\u{1E}`, `\u{85}`, `\u{2028}`, `\u{2029}`).
    static func lines(_ text: String) -> NotebookJSON {
        var lines: [NotebookJSON] = []
        var current = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() {
            current.append(scalar)
            let crBeforeLF = scalar == "\r" && offset + 1 < scalars.count && scalars[offset + 1] == "\n"
            if lineBreaks.contains(scalar.value) && !crBeforeLF {
                lines.append(.string(String(current)))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { lines.append(.string(String(current))) }
        return .array(lines)
    }

    private static let lineBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x1C, 0x1D, 0x1E, 0x85, 0x2028, 0x2029]

    private func serialize(into output: inout String, indent: Int) {
        switch self {
        case .string(let text): Self.quote(text, into: &output)
        case .int(let number): output += String(number)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            guard !items.isEmpty else { output += "[]"; return }
            output += "["
            for (offset, item) in items.enumerated() {
                output += (offset == 0 ? "\n" : ",\n") + String(repeating: " ", count: indent + 1)
                item.serialize(into: &output, indent: indent + 1)
            }
            output += "\n" + String(repeating: " ", count: indent) + "]"
        case .object(let members):
            guard !members.isEmpty else { output += "{}"; return }
            output += "{"
            // Python sorts str keys by code point; Swift's `<` on String compares Unicode scalars too.
            for (offset, key) in members.keys.sorted(by: { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }).enumerated() {
                output += (offset == 0 ? "\n" : ",\n") + String(repeating: " ", count: indent + 1)
                Self.quote(key, into: &output)
                output += ": "
                members[key]?.serialize(into: &output, indent: indent + 1)
            }
            output += "\n" + String(repeating: " ", count: indent) + "}"
        }
    }

    /// `"…"` with `"`, `\` and the C0 controls escaped as Python's encoder escapes them (the
    /// kernel's wire messages are quoted the same way, `JupyterJSON`).
    static func quote(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
