/// What a lab's front matter decides, with the defaults of the lab format.
package struct LabSettings: Sendable, Equatable {
    static let defaultScenarios = ["mock", "empty", "failing"]

    var title: String? = nil
    var scenarios: [String] = LabSettings.defaultScenarios
    var swiftVersion: String = "6"
    /// Seconds one scenario run may take.
    var timeout: Double = 10
    var swiftcFlags: [String] = []
    /// Modules imported into the program before any cell (a `.labrunner` file's `imports`).
    var imports: [String] = []
    /// Whether the lab's program may reach the network from its sandbox (`network: true`).
    var network = false
    /// Where each key that is not a default was set: a `.labrunner` file's path or "front matter".
    var origins: [String: String] = [:]
}

extension LabSettings {
    /// The language modes swiftc 6 accepts for `-swift-version` (a newer compiler's new mode
    /// needs a newer labrunner: checking here turns a typo into an input error, not a build failure).
    static let swiftVersions = ["4", "4.2", "5", "6"]

    /// The longest timeout, a day: past it a run is not a test any more.
    static let maximumTimeout = 86_400.0

    /// Seconds written as decimal digits with an optional fraction and `s` (`10`, `2.5`, `3s`),
    /// greater than 0 and at most a day; nil for anything else (`inf`, `nan`, `1e6`, `0x10`,
    /// which `Double(_:)` would all take).
    package static func timeoutSeconds(_ text: String) -> Double? {
        let number = text.hasSuffix("s") ? text.dropLast() : Substring(text)
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              let seconds = Double(number), seconds > 0, seconds <= maximumTimeout else { return nil }
        return seconds
    }

    /// A fence language for `--bare` or a configuration's `bare`: letters, digits, `-` and `_`.
    package static func isLanguageName(_ name: String) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }

    /// What `timeoutSeconds` accepts, for error messages.
    package static let timeoutRange = "a number of seconds greater than 0 and at most 86400 (a day), such as 10 or 2.5"
}
