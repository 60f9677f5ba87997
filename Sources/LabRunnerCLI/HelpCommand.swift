import LabRunner

/// `labrunner help [COMMAND]`: a command's help, or the overview of every command.
struct HelpCommand: Command {
    static let declarations: [OptionDeclaration] = []

    /// The text to print: the topic's help, or the overview.
    let text: String

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard parsed.positionals.count <= 1 else { throw .tooManyArguments(Array(parsed.positionals.dropFirst())) }
        guard let topic = parsed.positionals.first else {
            text = HelpText.overview
            return
        }
        guard let entry = CommandTable.entry(named: topic) else {
            throw .unknownCommand(topic, suggestion: EditDistance.closest(to: topic, in: CommandTable.names))
        }
        text = entry.helpText
    }

    func execute() -> Int32 {
        Console.out(text)
        return ExitStatus.success
    }
}
