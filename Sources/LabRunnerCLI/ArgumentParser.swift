import LabRunner
/// A command line's words sorted into flags, options with values, and positional arguments.
struct ParsedArguments: Sendable, Equatable {
    var flags: Set<String> = []
    var options: [String: [String]] = [:]
    var positionals: [String] = []

    func has(_ flag: String) -> Bool { flags.contains(flag) }
    func value(_ option: String) -> String? { options[option]?.last }
    func values(_ option: String) -> [String] { options[option] ?? [] }

    /// The last value of `option` read in `format`; nil without the option, a usage error when
    /// the text is not such a value.
    func value<Value>(_ option: String, as format: ArgumentFormat<Value>) throws(UsageError) -> Value? {
        guard let text = value(option) else { return nil }
        guard let value = format.read(text) else { throw .badValue(option: option, value: text, expected: format.expected) }
        return value
    }
}

/// The options a command accepts; short aliases map to long names.
struct ArgumentSpec: Sendable {
    var flags: [String] = []
    var options: [String] = []
    var aliases: [String: String] = [:]

    /// Parses `arguments`: `--flag`, `--option value`, `--option=value`, `-o value`, `--` ends options.
    func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                parsed.positionals.append(word)
                continue
            }
            if word == "--" { onlyPositionals = true; continue }
            var name = word, inlineValue: String? = nil
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<equals])
                inlineValue = String(word[word.index(after: equals)...])
            }
            name = aliases[name] ?? name
            if flags.contains(name) {
                guard inlineValue == nil else { throw .unexpectedValue(option: name) }
                parsed.flags.insert(name)
            } else if options.contains(name) {
                if let inlineValue {
                    parsed.options[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw .missingValue(option: name) }
                    parsed.options[name, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                let known = flags + options + aliases.keys.sorted()
                throw .unknownOption(word, suggestion: EditDistance.closest(to: name, in: known))
            }
        }
        return parsed
    }
}

/// A mistake in how the tool was called (exit status 2).
enum UsageError: Error, CustomStringConvertible, Equatable {
    case unknownCommand(String, suggestion: String?)
    /// A file or folder given where the command goes.
    case labAsCommand(String)
    case unknownOption(String, suggestion: String?)
    case missingValue(option: String)
    case unexpectedValue(option: String)
    case badValue(option: String, value: String, expected: String)
    case missingArgument(String)
    case tooManyArguments([String])

    var description: String {
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
        }
    }
}
