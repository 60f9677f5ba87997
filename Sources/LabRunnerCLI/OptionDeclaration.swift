import LabRunner

/// One option as a command declares it: the spellings its parser accepts and what its help
/// says, so the two cannot drift apart (as swift-argument-parser derives help from declarations).
struct OptionDeclaration: Sendable {
    /// The long name, such as `--jobs`.
    let name: String
    /// Short spellings, such as `-j`.
    var aliases: [String] = []
    /// The placeholder of the value an option takes (`N`); nil for a flag.
    var value: String? = nil
    /// One paragraph; `help` wraps it.
    let help: String

    /// The `OPTIONS:` lines of a help text: every declaration, then `-h, --help`.
    static func helpLines(_ declarations: [OptionDeclaration], width: Int = 100) -> [String] {
        let column = 23
        let rows = declarations.map { declaration in
            ((declaration.aliases + [declaration.name]).joined(separator: ", ")
                + (declaration.value.map { " " + $0 } ?? ""), declaration.help)
        } + [("-h, --help", "Show this help")]
        return rows.flatMap { names, help in
            let lines = wrap(help, width: width - column)
            let indent = String(repeating: " ", count: column)
            // Names too long for the column get a line of their own, the help below them.
            guard names.count <= column - 3 else { return ["  " + names] + lines.map { indent + $0 } }
            let first = "  " + names + String(repeating: " ", count: column - 2 - names.count) + (lines.first ?? "")
            return [first] + lines.dropFirst().map { indent + $0 }
        }
    }

    /// `text`'s words in lines of at most `width` characters (a longer word gets a line of its own).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        return lines + (line.isEmpty ? [] : [line])
    }
}

extension ArgumentSpec {
    /// The parser of the options `declarations` declare.
    init(_ declarations: [OptionDeclaration]) {
        self.init(flags: declarations.filter { $0.value == nil }.map(\.name),
                  options: declarations.filter { $0.value != nil }.map(\.name),
                  aliases: Dictionary(uniqueKeysWithValues: declarations.flatMap { declaration in
                      declaration.aliases.map { ($0, declaration.name) }
                  }))
    }
}
