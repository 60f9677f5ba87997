/// A mistake in how the tool was called (exit status 2), said as `labrunner: error: DESCRIPTION`.
package enum UsageError: Error, CustomStringConvertible, Equatable {
    case unknownCommand(String, suggestion: String?)
    /// A file or folder given where the command goes.
    case labAsCommand(String)
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case badValue(option: String, value: String, expected: String)
    case missingArgument(String)
    case tooManyArguments([String])
    /// Two options that ask for opposite things (`html --student --key`).
    case conflictingOptions(String, String)

    package var description: String {
        switch self {
        case .unknownCommand(let name, let suggestion):
            "unknown command '\(name)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .labAsCommand(let path):
            "unknown command '\(path)'; to check it, run 'labrunner run \(path)'"
        case .unknownOption(let option, let suggestion):
            "unknown option '\(option)'" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .missingValue(let option):
            "option '\(option)' needs a value"
        case .unexpectedValue(let option):
            "option '\(option)' takes no value"
        case .badValue(let option, let value, let expected):
            "bad value '\(value)' for '\(option)': expected \(expected)"
        case .missingArgument(let what):
            "missing \(what)"
        case .tooManyArguments(let extra):
            "unexpected argument\(extra.count == 1 ? "" : "s"): \(extra.joined(separator: " "))"
        case .conflictingOptions(let first, let second):
            "'\(first)' and '\(second)' cannot be given together: choose one"
        }
    }
}
