import Foundation
import LabRunner

/// `labrunner html PATH… -o DIR`: runs the files exactly as `run` does (same pipeline, cache and
/// options, same report on the terminal and exit status), then writes one page per file and an
/// `index.html` into DIR, with the relative images the pages show copied beside them.
struct HTMLCommand: Command {
    static let owned = [
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "DIR",
                          help: "The folder to write the pages and index.html into (created if missing)"),
    ]
    /// `-o DIR`, then every option of `run` except `--update` (a page shows the run; it rewrites nothing).
    static let declarations = owned + RunOptions.declarations.filter { $0.name != "--update" }

    let run: RunConfiguration
    let directory: String

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard let directory = parsed.value("--output") else { throw .missingArgument("-o DIR (the folder for the pages)") }
        self.directory = directory
        run = try RunOptions.configuration(RunOptions.remainder(arguments, without: Self.owned))
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var session = RunSession(configuration: run, environment: environment, output: ConsoleOutput(environment: environment))
        session.style = .forStandardOutput(environment: environment)
        session.siteDirectory = directory
        return ExitStatus.of(session.run())
    }
}
