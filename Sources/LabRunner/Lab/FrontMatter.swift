/// The optional `---` … `---` block at the top of a lab or guide.
///
/// labrunner reads its own `key: value` lines and leaves every other key to the site generator
/// that shares the block (Jekyll's `layout`, `tags`, `date`…), its value unparsed: those are YAML
/// (lists, block scalars, nested maps), so an indented or `- ` line belongs to the key above it.
/// Only a key within a small edit distance of one of labrunner's is an error: a typo must not
/// quietly turn a setting off.
struct FrontMatter: Sendable, Equatable {
    static let keys = ["title", "scenarios", "swift-version", "timeout", "swiftc-flags", "network"]

    var settings = LabSettings()
    /// Lines the front matter spans, delimiters included; 0 when the lab has none.
    var lineCount = 0
    /// labrunner's keys the front matter sets.
    var keysSet: Set<String> = []

    /// Reads the front matter of `source`; a lab without one gets the defaults.
    /// `defaults`: what a `.labrunner` file set, which the front matter's keys override.
    static func parse(_ source: MarkdownSource, path: String, defaults: LabSettings = LabSettings()) throws(LabError) -> FrontMatter {
        guard let first = source.lines.first, Self.isDelimiter(source.text(of: first)) else {
            return FrontMatter(settings: defaults)
        }
        var result = FrontMatter(settings: defaults)
        var seen: [String: Int] = [:]
        /// The key whose value the following indented lines continue: ours (refused) or another's (skipped).
        var continuing: (key: String, ours: Bool)? = nil
        for number in 2...max(2, source.lines.count) where number <= source.lines.count {
            let text = source.text(of: source.lines[number - 1])
            if Self.isDelimiter(text) {
                result.lineCount = number
                return result
            }
            let trimmed = text.trimmingWhitespace()
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let indent = text.utf8.count - text.drop { $0 == " " || $0 == "\t" }.utf8.count
            if indent > 0 || trimmed.hasPrefix("- "), let key = continuing {
                guard !key.ours else {
                    throw LabError(SourceLocation(path: path, line: number, column: indent + 1), .frontMatterSyntax(line: trimmed))
                }
                continue
            }
            guard let colon = text.firstIndex(of: ":") else {
                throw LabError(SourceLocation(path: path, line: number, column: 1), .frontMatterSyntax(line: trimmed))
            }
            let key = String(text[..<colon]).trimmingWhitespace()
            let rawValue = String(text[text.index(after: colon)...])
            let keyAt = SourceLocation(path: path, line: number, column: indent + 1)
            guard Self.keys.contains(key) else {
                if let suggestion = EditDistance.closest(to: key, in: Self.keys) {
                    throw LabError(keyAt, .unknownKey(key: key, suggestion: suggestion))
                }
                continuing = (key, false)
                continue
            }
            continuing = (key, true)
            if let firstLine = seen[key] { throw LabError(keyAt, .duplicateKey(key: key, firstLine: firstLine)) }
            seen[key] = number
            result.keysSet.insert(key)
            result.settings.origins[key] = "front matter"
            // An empty value followed by indented lines is a YAML list or map: refused at that line.
            if rawValue.trimmingWhitespace().isEmpty, number < source.lines.count,
               case let next = source.text(of: source.lines[number]), next.first == " " || next.first == "\t" || next.hasPrefix("- ") {
                continue
            }
            let valueColumn = text[..<colon].utf8.count + 2 + rawValue.prefix { $0 == " " || $0 == "\t" }.utf8.count
            let valueAt = SourceLocation(path: path, line: number, column: valueColumn)
            // swiftc-flags reads its own quotes (around a word, not the whole value).
            try result.settings.set(key, to: Self.unquoted(rawValue.trimmingWhitespace()),
                                    raw: rawValue.trimmingWhitespace(), at: valueAt)
        }
        throw LabError(SourceLocation(path: path, line: 1, column: 1), .frontMatterUnclosed)
    }

    private static func isDelimiter(_ text: String) -> Bool {
        text.trimmingWhitespace() == "---" && text.hasPrefix("---")
    }

    private static func unquoted(_ value: String) -> String {
        for quote in ["\"", "'"] where value.count >= 2 && value.hasPrefix(quote) && value.hasSuffix(quote) {
            return String(value.dropFirst().dropLast())
        }
        return value
    }
}

extension LabSettings {
    /// Sets one front matter key, validating its value.
    mutating func set(_ key: String, to value: String, raw: String, at location: SourceLocation) throws(LabError) {
        func bad(_ expected: String) -> LabError {
            LabError(location, .badValue(key: key, value: value, expected: expected))
        }
        switch key {
        case "title":
            // Printed by list and run: an escape sequence in it would act on the terminal.
            let printable = ControlPictures.stripped(value).trimmingWhitespace()
            guard !printable.isEmpty else { throw bad("a non-empty title") }
            title = printable
        case "scenarios":
            var list = value
            if list.hasPrefix("[") && list.hasSuffix("]") { list = String(list.dropFirst().dropLast()) }
            let names = list.split(separator: ",").map { String($0).trimmingWhitespace() }
            guard !names.isEmpty, names.allSatisfy(ScenarioName.isValid) else {
                throw bad("scenario names like 'mock, empty, failing' (letters, digits, '_' and '-')")
            }
            if let twice = names.enumerated().first(where: { names[..<$0.offset].contains($0.element) }) {
                throw bad("each scenario once, but '\(twice.element)' is declared twice")
            }
            scenarios = names
        case "swift-version":
            guard LabSettings.swiftVersions.contains(value) else {
                throw bad("a Swift language mode swiftc knows: \(LabSettings.swiftVersions.joined(separator: ", "))")
            }
            swiftVersion = value
        case "timeout":
            guard let seconds = LabSettings.timeoutSeconds(value) else { throw bad(LabSettings.timeoutRange) }
            timeout = seconds
        case "network":
            guard value == "true" || value == "false" else { throw bad("true or false") }
            network = value == "true"
        case "swiftc-flags":
            do {
                swiftcFlags = try SwiftcFlags.parse(raw)
            } catch {
                let at = SourceLocation(path: location.path, line: location.line, column: (location.column ?? 1) + error.offset)
                throw LabError(at, .refusedSwiftcFlag(flag: error.flag, reason: error.reason, suggestion: error.suggestion))
            }
        default:
            preconditionFailure("FrontMatter.keys and LabSettings.set disagree on '\(key)'")
        }
    }
}

/// Scenario names: identifiers that are safe in info strings, environment values and report names.
enum ScenarioName {
    static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-") }
    }
}
