/// The options a command accepts, and its command line sorted by them into flags, options with
/// values and positional arguments: the parser under the CLI's option declarations, as
/// swift-argument-parser is a library under a tool's. Values are read in `ArgumentFormat`s;
/// mistakes are `UsageError`s.
package struct ArgumentSpec: Sendable {
    package var flags: [String] = []
    package var options: [String] = []
    /// Short spellings and the long names they stand for: `-o` → `--output`.
    package var aliases: [String: String] = [:]

    package init(flags: [String] = [], options: [String] = [], aliases: [String: String] = [:]) {
        self.flags = flags
        self.options = options
        self.aliases = aliases
    }

    /// Parses `arguments`: `--flag`, `--option value`, `--option=value`, `-o value`, `--` ends options.
    package func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
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

/// A command line's words sorted into flags, options with values, and positional arguments.
package struct ParsedArguments: Sendable, Equatable {
    package var flags: Set<String> = []
    package var options: [String: [String]] = [:]
    package var positionals: [String] = []

    package init() {}

    package func has(_ flag: String) -> Bool { flags.contains(flag) }
    package func value(_ option: String) -> String? { options[option]?.last }
    package func values(_ option: String) -> [String] { options[option] ?? [] }

    /// The last value of `option` read in `format`; nil without the option, a usage error when
    /// the text is not such a value.
    package func value<Value>(_ option: String, as format: ArgumentFormat<Value>) throws(UsageError) -> Value? {
        guard let text = value(option) else { return nil }
        guard let value = format.read(text) else { throw .badValue(option: option, value: text, expected: format.expected) }
        return value
    }
}
