import LabRunner

/// A `labrunner` command: the options it accepts, declared once, and how it runs. Its parser is
/// made from its declarations, so an option it accepts is always one its help lists.
protocol Command: SendableMetatype {
    /// Every option, in the order its help lists them (`-h, --help` is added by the help).
    static var declarations: [OptionDeclaration] { get }

    /// Reads the command line that follows the command's name.
    init(arguments: [String]) throws(UsageError)

    /// Does the work; the exit status.
    func execute() -> Int32
}

extension Command {
    /// The parser of `declarations`.
    static var spec: ArgumentSpec { ArgumentSpec(declarations) }
}
