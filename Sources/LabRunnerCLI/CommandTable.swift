import LabRunner

/// Every command of `labrunner`, in the order the overview lists them: what `Main` dispatches
/// through, what the help overview, `labrunner help COMMAND` and "did you mean" read, and what
/// `OptionDocumentationTests` checks against the docs. A command exists once, here.
enum CommandTable {
    static let entries: [CommandEntry] = [
        CommandEntry("run", RunCommand.self, synopsis: "PATH...",
                     summary: "Compile each lab, run it once per scenario, compare with its output blocks", help: HelpText.run),
        CommandEntry("watch", WatchCommand.self, synopsis: "PATH...",
                     summary: "Run the labs, then re-run each one when it is saved and print what changed", help: HelpText.watch),
        CommandEntry("html", HTMLCommand.self, synopsis: "PATH...",
                     summary: "Run like `run`, then write a notebook page per file and an index.html", help: HelpText.html),
        CommandEntry("extract", ExtractCommand.self, synopsis: "LAB",
                     summary: "Write the single Swift file that `run` compiles", help: HelpText.extract),
        CommandEntry("list", ListCommand.self, synopsis: "LAB",
                     summary: "Show the file as labrunner reads it: a lab's cells, a guide's samples and their context",
                     help: HelpText.list),
        CommandEntry("cache", CacheCommand.self, synopsis: "[clean]",
                     summary: "Show where the compile cache is and its size, or empty it", help: HelpText.cache),
        CommandEntry("student", StudentCommand.self, synopsis: "LAB...",
                     summary: "Write the students' copies of labs (exercises without solutions), check them", help: HelpText.student),
        CommandEntry("grade", GradeCommand.self, synopsis: "SUBMISSION...",
                     summary: "Grade students' labs against the instructor's lab (the key)", help: HelpText.grade),
        CommandEntry("kernel", KernelCommand.self, synopsis: "install|uninstall",
                     summary: "Install the Swift Jupyter kernel (Jupyter then starts it with a connection file)", help: HelpText.kernel),
        CommandEntry("help", HelpCommand.self, synopsis: "[COMMAND]", summary: "Show help for a command", help: HelpText.help),
    ]

    static var names: [String] { entries.map(\.name) }

    static func entry(named name: String) -> CommandEntry? {
        entries.first { $0.name == name }
    }
}

/// One command as the table lists it: its name, its line in the overview, its help, the options
/// it declares and the function that runs it.
struct CommandEntry: Sendable {
    let name: String
    /// What follows the name in the overview: `PATH...`, `[clean]`.
    let synopsis: String
    /// The overview's one line about it.
    let summary: String
    let help: CommandHelp
    /// The options its parser accepts, in its help's order (the command's `declarations`).
    let options: [OptionDeclaration]
    /// Reads the words after the command's name and runs it; the exit status.
    let run: @Sendable ([String]) throws(UsageError) -> Int32

    init<C: Command>(_ name: String, _ command: C.Type, synopsis: String, summary: String, help: CommandHelp) {
        self.name = name
        self.synopsis = synopsis
        self.summary = summary
        self.help = help
        options = C.declarations
        run = { arguments throws(UsageError) in try C(arguments: arguments).execute() }
    }

    /// The text of `labrunner help NAME` and `labrunner NAME --help`.
    var helpText: String { help.text(options: options) }
}
