import Foundation
import LabRunner

/// `labrunner run`'s options: their declarations, and their parser, which makes the library's
/// `RunConfiguration` (`watch` and `html` share most of them).
enum RunOptions {
    /// Every option of `run`, in the order `labrunner help run` lists them.
    static let declarations = [
        OptionDeclaration(name: "--update", help: "Rewrite output blocks to what the cells printed (in place, atomically)"),
        OptionDeclaration(name: "--scenario", value: "NAME",
                          help: "Run only this scenario (repeatable); a name no lab of the run declares is a usage error"),
        OptionDeclaration(name: "--timeout", value: "SECONDS", help: "Override each lab's timeout per scenario run (more than 0, at most 86400)"),
        OptionDeclaration(name: "--compile-timeout", value: "SECONDS",
                          help: "Stop swiftc after this long; the lab fails as not compiled (default: 600)"),
        OptionDeclaration(name: "--bare", value: "LANG",
                          help: "Read fences without an info string as LANG (`--bare swift` for guides)"),
        OptionDeclaration(name: "--as", value: "KIND",
                          help: "Read every file as a guide (each sample checked in its context) or a lab (one program), "
                          + "whatever its contents say (default: a file with output blocks, scenarios, cell roles or exercises is a lab)"),
        OptionDeclaration(name: "--package", value: "DIR",
                          help: "Build the Swift package in DIR (its library targets, with the swift beside swiftc, "
                          + "into the compile cache; DIR is never written) and compile every sample and lab against it"),
        OptionDeclaration(name: "--strict", help: "Fail a lab that imports a module this machine lacks, and every guide sample that could not be checked here (default: skip them)"),
        OptionDeclaration(name: "--repeat", value: "N", help: "Run each scenario N times; a cell whose output differs "
                          + "between runs is reported as flaky, even when one of the runs matched"),
        OptionDeclaration(name: "--jobs", aliases: ["-j"], value: "N",
                          help: "Processes at once: compiles and scenario runs (default: the number of cores)"),
        OptionDeclaration(name: "--shard", value: "K/N", help: "Run only the K-th of N parts of the files (CI matrices): "
                          + "in path order, each file goes to the part with the least work so far, work being the "
                          + "programs it needs built (a lab: 1 for its cells, 1 per standalone, compile_fail or no_run cell; "
                          + "a guide: the programs its samples pack into; 0 without Swift cells), read from the files alone"),
        OptionDeclaration(name: "--cache-dir", value: "DIR",
                          help: "Compile cache (default: $XDG_CACHE_HOME/labrunner or ~/.cache/labrunner)"),
        OptionDeclaration(name: "--no-cache", help: "Always run swiftc; store nothing"),
        OptionDeclaration(name: "--junit", value: "FILE",
                          help: "Write a JUnit XML report (a testsuite per lab, a testcase per scenario)"),
        OptionDeclaration(name: "--json", value: "FILE",
                          help: "Write a JSON report (labs, scenarios, cells, diffs, diagnostics, durations)"),
        OptionDeclaration(name: "--verbose", aliases: ["-v"],
                          help: "Also say whether swiftc ran or the cache served the lab, and build times"),
    ]

    static let spec = ArgumentSpec(declarations)

    /// The run `arguments` ask for; their values checked, with the messages `help run` promises.
    static func configuration(_ arguments: [String]) throws(UsageError) -> RunConfiguration {
        let parsed = try spec.parse(arguments)
        guard !parsed.positionals.isEmpty else { throw .missingArgument("lab path (a .md file or a folder of labs)") }
        var run = RunConfiguration(paths: parsed.positionals)
        run.update = parsed.has("--update")
        run.verbose = parsed.has("--verbose")
        run.useCache = !parsed.has("--no-cache")
        run.strict = parsed.has("--strict")
        run.bareLanguage = try bareLanguage(parsed.value("--bare"))
        run.documentKind = try documentKind(parsed.value("--as"))
        run.scenarios = parsed.values("--scenario")
        run.cacheDirectory = parsed.value("--cache-dir")
        run.packagePath = parsed.value("--package")
        run.junitPath = parsed.value("--junit")
        run.jsonPath = parsed.value("--json")
        run.timeout = try parsed.value("--timeout").map { text throws(UsageError) in
            guard let seconds = LabSettings.timeoutSeconds(text) else {
                throw .badValue(option: "--timeout", value: text, expected: LabSettings.timeoutRange)
            }
            return seconds
        }
        if let text = parsed.value("--compile-timeout") {
            guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
                throw .badValue(option: "--compile-timeout", value: text, expected: "a number of seconds greater than 0")
            }
            run.compileTimeout = seconds
        }
        if let text = parsed.value("--jobs") {
            guard let count = Int(text), count >= 1 else {
                throw .badValue(option: "--jobs", value: text, expected: "a whole number of at least 1")
            }
            run.jobs = count
        }
        if let text = parsed.value("--repeat") { run.repeats = try repeats(text) }
        run.shard = try parsed.value("--shard").map { text throws(UsageError) in
            guard let shard = Shard(text) else { throw .badValue(option: "--shard", value: text, expected: "K/N with 1 <= K <= N, such as 2/3") }
            return shard
        }
        return run
    }

    /// `--repeat N`, for `run` and `grade`.
    static func repeats(_ text: String) throws(UsageError) -> Int {
        guard let count = Int(text), (1...1000).contains(count) else {
            throw .badValue(option: "--repeat", value: text, expected: "a whole number from 1 to 1000")
        }
        return count
    }

    /// `arguments` without the options `owned` declares and their values (all words after `--`
    /// kept): what is left is `run`'s command line, for `watch` and `html`, which add options to it.
    static func remainder(_ arguments: [String], without owned: [OptionDeclaration]) -> [String] {
        let valued = Set(owned.filter { $0.value != nil }.flatMap { [$0.name] + $0.aliases })
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { return rest + arguments[index...] }
            if valued.contains(word) {
                index += 2
                continue
            }
            let name = String(word.prefix { $0 != "=" })
            if !(word.hasPrefix("--") && word.contains("=") && valued.contains(name)) { rest.append(word) }
            index += 1
        }
        return rest
    }

    /// `--as guide|lab`.
    static func documentKind(_ value: String?) throws(UsageError) -> DocumentKind? {
        guard let value else { return nil }
        guard let kind = DocumentKind(rawValue: value) else {
            throw .badValue(option: "--as", value: value, expected: "guide or lab")
        }
        return kind
    }

    /// `--bare LANG`: only `swift` makes bare fences cells; any other language leaves them alone.
    static func bareLanguage(_ value: String?) throws(UsageError) -> String? {
        guard let value else { return nil }
        guard LabSettings.isLanguageName(value) else {
            throw .badValue(option: "--bare", value: value, expected: "a language name, such as swift")
        }
        return value
    }
}
