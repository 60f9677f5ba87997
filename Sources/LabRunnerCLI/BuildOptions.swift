import LabRunner

/// The options of every command that builds labs (`run`, `watch`, `html`, `student`, `grade`):
/// declared once here, read once here, so a command that builds cannot lack one (issue 35:
/// `grade --cache-dir` was an unknown option). A new build option is one more row and one more
/// line in `apply`; `BuildOptionsTests` checks every building command of `CommandTable` has them all.
enum BuildOptions {
    static let declarations = [
        OptionDeclaration(name: "--timeout", value: "SECONDS", help: "Override each lab's timeout per scenario run (more than 0, at most 86400)"),
        OptionDeclaration(name: "--compile-timeout", value: "SECONDS",
                          help: "Stop swiftc after this long; the lab fails as not compiled (default: 600)"),
        OptionDeclaration(name: "--jobs", aliases: ["-j"], value: "N",
                          help: "Processes at once: compiles and scenario runs (default: the number of cores)"),
        OptionDeclaration(name: "--cache-dir", value: "DIR",
                          help: "Compile cache (default: $XDG_CACHE_HOME/labrunner or ~/.cache/labrunner)"),
        OptionDeclaration(name: "--no-cache", help: "Always run swiftc; store nothing"),
        OptionDeclaration(name: "--swiftc-flags", value: "FLAGS",
                          help: "Add these swiftc flags to every lab's own (quoted as one word; the flags the swiftc-flags setting allows)"),
        OptionDeclaration(name: "--no-sandbox", help: "Run each lab's program as it is, with your rights (default: sealed off from your files, "
                          + "the network and other processes where the system allows; grade refuses where it cannot; see docs/reliability.md)"),
    ]

    static var names: [String] { declarations.map(\.name) }

    /// Reads the build options of `parsed` into `run`, their values checked with the messages `help` promises.
    static func apply(_ parsed: ParsedArguments, to run: inout RunConfiguration) throws(UsageError) {
        run.useCache = !parsed.has("--no-cache")
        run.cacheDirectory = parsed.value("--cache-dir")
        run.timeout = try parsed.value("--timeout", as: .timeout)
        run.compileTimeout = try parsed.value("--compile-timeout", as: .compileTimeout) ?? run.compileTimeout
        run.jobs = try parsed.value("--jobs", as: .jobs) ?? run.jobs
        run.swiftcFlags = try parsed.value("--swiftc-flags", as: .swiftcFlags) ?? []
        run.sandboxed = !parsed.has("--no-sandbox")
    }

    /// The build options of `parsed` alone, for a command whose files are not `run`'s paths.
    static func configuration(_ parsed: ParsedArguments) throws(UsageError) -> RunConfiguration {
        var run = RunConfiguration(paths: [])
        try apply(parsed, to: &run)
        return run
    }
}
