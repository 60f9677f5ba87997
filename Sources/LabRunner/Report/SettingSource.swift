/// A setting a `.labrunner` file or the front matter set, with where: `list` shows one per line
/// (`swift-version: 5 (from docs/.labrunner)`), for labs and guides alike.
struct SettingSource: Codable, Sendable, Equatable {
    let key: String
    let value: String
    /// A `.labrunner` path, or "front matter".
    let from: String

    /// The settings of `settings` that are not defaults, in the front matter's key order (the title
    /// aside: `list` shows it beside the path); nil when none.
    static func list(_ settings: LabSettings) -> [SettingSource]? {
        let values: [(String, String)] = [
            ("scenarios", settings.scenarios.joined(separator: ", ")),
            ("swift-version", settings.swiftVersion), ("timeout", ReportText.seconds(settings.timeout)),
            ("swiftc-flags", settings.swiftcFlags.joined(separator: " ")), ("imports", settings.imports.joined(separator: ", ")),
        ]
        let sources = values.compactMap { key, value in settings.origins[key].map { SettingSource(key: key, value: value, from: $0) } }
        return sources.isEmpty ? nil : sources
    }

    var line: String { "  \(key): \(value) (from \(from))" }
}
