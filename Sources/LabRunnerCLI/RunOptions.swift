import Foundation
import LabRunner

/// `labrunner run`'s options: their declarations, and their parser, which makes the library's
/// `RunConfiguration` (`watch` and `html` share most of them).
enum RunOptions {
    /// Every option of `run`, in the order `labrunner help run` lists them: its own, then the build options.
    static let declarations = owned + BuildOptions.declarations

    /// The options of `run` that are not every building command's.
    static let owned = [
        OptionDeclaration(name: "--update", help: "Rewrite output blocks to what the cells printed (in place, atomically)"),
        OptionDeclaration(name: "--scenario", value: "NAME",
                          help: "Run only this scenario (repeatable); a name no lab of the run declares is a usage error"),
        OptionDeclaration(name: "--bare", value: "LANG",
                          help: "Read fences without an info string as LANG (`--bare swift` for guides)"),
        OptionDeclaration(name: "--as", value: "KIND",
                          help: "Read every file as a guide (each sample checked in its context) or a lab (one program), "
                          + "whatever its contents say (default: a file with output blocks, scenarios, cell roles or exercises is a lab)"),
        OptionDeclaration(name: "--package", value: "DIR",
                          help: "Build the Swift package in DIR (its library targets, with the swift beside swiftc, "
                          + "into the compile cache; DIR is never written) and compile every sample and lab against it"),
        OptionDeclaration(name: "--strict", help: "Fail a lab that imports a module this machine lacks, and every guide sample that could not be checked here (default: skip them)"),
        OptionDeclaration(name: "--min-rung", value: "RUNG",
                          help: "Fail every guide sample checked less than RUNG on the ladder output-checked > compiled > parsed > listing "
                          + "(`--min-rung compiled`: excerpts that could only be parsed fail; samples marked skip stay skipped)"),
        OptionDeclaration(name: "--repeat", value: "N", help: "Run each scenario N times; a cell whose output differs "
                          + "between runs is reported as flaky, even when one of the runs matched"),
        OptionDeclaration(name: "--shard", value: "K/N", help: "Run only the K-th of N parts of the files (CI matrices): "
                          + "in path order, each file goes to the part with the least work so far, work being the "
                          + "programs it needs built (a lab: 1 for its cells, 1 per standalone, compile_fail or no_run cell; "
                          + "a guide: the programs its samples pack into; 0 without Swift cells), read from the files alone"),
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
        try configuration(spec.parse(arguments))
    }

    /// The run that `parsed` asks for, read by `run`'s parser or by that of `watch` or `html`,
    /// which declare some of run's options (the rest are then simply absent) beside their own.
    static func configuration(_ parsed: ParsedArguments) throws(UsageError) -> RunConfiguration {
        guard !parsed.positionals.isEmpty else { throw .missingArgument("lab path (a .md file or a folder of labs)") }
        var run = RunConfiguration(paths: parsed.positionals)
        run.update = parsed.has("--update")
        run.verbose = parsed.has("--verbose")
        run.strict = parsed.has("--strict")
        run.minimumRung = try parsed.value("--min-rung", as: .checkRung)
        run.bareLanguage = try parsed.value("--bare", as: .bareLanguage)
        run.documentKind = try parsed.value("--as", as: .documentKind)
        run.scenarios = parsed.values("--scenario")
        run.packagePath = parsed.value("--package")
        run.junitPath = parsed.value("--junit")
        run.jsonPath = parsed.value("--json")
        try BuildOptions.apply(parsed, to: &run)
        run.repeats = try parsed.value("--repeat", as: .repeats) ?? run.repeats
        run.shard = try parsed.value("--shard", as: .shard)
        return run
    }
}
