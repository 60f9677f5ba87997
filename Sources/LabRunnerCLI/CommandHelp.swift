/// What `labrunner help COMMAND` says of a command besides its options: its usage lines, what it
/// does, and what follows the options (exit statuses, notes). The `OPTIONS:` section between
/// them is made from the command's declarations, so help cannot list an option the parser lacks.
struct CommandHelp: Sendable {
    /// `labrunner extract LAB [-o FILE]`: one line per form of the command.
    let usage: [String]
    /// The paragraphs between the usage and the options.
    let about: String
    /// The paragraphs after the options; nil for none.
    var trailer: String? = nil

    /// The whole help text, its `OPTIONS:` section listing `options` and `-h, --help`.
    func text(options: [OptionDeclaration]) -> String {
        let usageLines = usage.map { "labrunner " + $0 }.joined(separator: "\n       ")
        let sections = ["USAGE: " + usageLines, about, "OPTIONS:\n" + OptionDeclaration.helpLines(options).joined(separator: "\n")]
            + (trailer.map { [$0] } ?? [])
        return sections.joined(separator: "\n\n")
    }
}
