/// How a setting is written as a command-line value (`--timeout 2.5`, `--shard 2/3`): what it
/// reads the text as, and what a usage error says was expected instead. `ArgumentSpec` sorts
/// words into options; what a value may be is the library's rule, so every command that takes one reads it
/// alike and says alike what is wrong (`run` and `list` share `--as`, `run` and `grade` `--repeat`).
package struct ArgumentFormat<Value: Sendable>: Sendable {
    /// The end of `bad value 'X' for '--option': expected …`.
    package let expected: String
    private let reading: @Sendable (String) -> Value?

    package init(expected: String, _ read: @escaping @Sendable (String) -> Value?) {
        self.expected = expected
        reading = read
    }

    /// The value `text` stands for; nil when it is not one.
    package func read(_ text: String) -> Value? { reading(text) }
}

extension ArgumentFormat where Value == Double {
    /// `--timeout SECONDS`, read as a lab's `timeout` setting is.
    package static let timeout = ArgumentFormat(expected: LabSettings.timeoutRange) { LabSettings.timeoutSeconds($0) }

    /// `--compile-timeout SECONDS`: any finite time, since a slow machine may need hours.
    package static let compileTimeout = ArgumentFormat(expected: "a number of seconds greater than 0") { text in
        Double(text).flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
    }
}

extension ArgumentFormat where Value == Int {
    /// `--jobs N`.
    package static let jobs = ArgumentFormat(expected: "a whole number of at least 1") { text in
        Int(text).flatMap { $0 >= 1 ? $0 : nil }
    }

    /// `--repeat N`: enough runs to catch a flaky cell, few enough that a typo cannot run for days.
    package static let repeats = ArgumentFormat(expected: "a whole number from 1 to 1000") { text in
        Int(text).flatMap { (1...1000).contains($0) ? $0 : nil }
    }
}

extension ArgumentFormat where Value == String {
    /// `--bare LANG`, a name as a fence's info string gives it (only `swift` makes bare fences cells).
    package static let bareLanguage = ArgumentFormat(expected: "a language name, such as swift") { text in
        LabSettings.isLanguageName(text) ? text : nil
    }
}

extension ArgumentFormat where Value == [String] {
    /// `--swiftc-flags FLAGS`: words as the `swiftc-flags` setting takes them, only flags that
    /// change how code is compiled (never where swiftc writes, nor a plugin).
    package static let swiftcFlags = ArgumentFormat(expected: "flags that change how code is compiled, as the swiftc-flags "
                                                    + "setting takes them (docs/lab-format.md)") { try? SwiftcFlags.parse($0) }
}

extension ArgumentFormat where Value == CheckRung {
    /// `--min-rung RUNG`.
    package static let checkRung = ArgumentFormat(expected: "one of output-checked, compiled, parsed, listing") { CheckRung(rawValue: $0) }
}

extension ArgumentFormat where Value == DocumentKind {
    /// `--as guide|lab`.
    package static let documentKind = ArgumentFormat(expected: "guide or lab") { DocumentKind(rawValue: $0) }
}

extension ArgumentFormat where Value == Shard {
    /// `--shard K/N`.
    package static let shard = ArgumentFormat(expected: "K/N with 1 <= K <= N, such as 2/3") { Shard($0) }
}

extension ArgumentFormat where Value == UInt16 {
    /// `--serve PORT`: 0 asks the system for a free one.
    package static let port = ArgumentFormat(expected: "a port number from 0 to 65535") { UInt16($0) }
}
