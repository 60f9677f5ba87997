import Foundation
import LabRunner

/// What `labrunner run` was asked to do.
struct RunOptions: Sendable {
    static let spec = ArgumentSpec(
        flags: ["--update", "--verbose", "--no-cache", "--strict"],
        options: ["--scenario", "--timeout", "--compile-timeout", "--jobs", "--shard", "--cache-dir", "--junit", "--json", "--repeat", "--bare"],
        aliases: ["-v": "--verbose", "-j": "--jobs"]
    )

    var paths: [String] = []
    var update = false
    var verbose = false
    var scenarios: [String] = []
    var timeout: Double? = nil
    var compileTimeout = SwiftCompiler.defaultTimeout
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var shard: Shard? = nil
    var cacheDirectory: String? = nil
    var useCache = true
    var junitPath: String? = nil
    var jsonPath: String? = nil
    var repeats = 1
    /// A missing module fails the lab instead of skipping it.
    var strict = false
    /// The language of fences without an info string.
    var bareLanguage: String? = nil

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard !parsed.positionals.isEmpty else { throw .missingArgument("lab path (a .md file or a folder of labs)") }
        paths = parsed.positionals
        update = parsed.has("--update")
        verbose = parsed.has("--verbose")
        useCache = !parsed.has("--no-cache")
        strict = parsed.has("--strict")
        bareLanguage = try Self.bareLanguage(parsed.value("--bare"))
        scenarios = parsed.values("--scenario")
        cacheDirectory = parsed.value("--cache-dir")
        junitPath = parsed.value("--junit")
        jsonPath = parsed.value("--json")
        if let text = parsed.value("--timeout") {
            guard let seconds = Double(text), seconds > 0 else {
                throw .badValue(option: "--timeout", value: text, expected: "a number of seconds greater than 0")
            }
            timeout = seconds
        }
        if let text = parsed.value("--compile-timeout") {
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw .badValue(option: "--compile-timeout", value: text, expected: "a number of seconds greater than 0")
            }
            compileTimeout = seconds
        }
        if let text = parsed.value("--jobs") {
            guard let count = Int(text), count >= 1 else {
                throw .badValue(option: "--jobs", value: text, expected: "a whole number of at least 1")
            }
            jobs = count
        }
        if let text = parsed.value("--repeat") {
            guard let count = Int(text), (1...1000).contains(count) else {
                throw .badValue(option: "--repeat", value: text, expected: "a whole number from 1 to 1000")
            }
            repeats = count
        }
        if let text = parsed.value("--shard") {
            guard let shard = Shard(text) else {
                throw .badValue(option: "--shard", value: text, expected: "K/N with 1 <= K <= N, such as 2/3")
            }
            self.shard = shard
        }
    }

    /// `--bare LANG`: only `swift` makes bare fences cells; any other language leaves them alone.
    static func bareLanguage(_ value: String?) throws(UsageError) -> String? {
        guard let value else { return nil }
        guard !value.isEmpty, value.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw .badValue(option: "--bare", value: value, expected: "a language name, such as swift")
        }
        return value
    }
}
