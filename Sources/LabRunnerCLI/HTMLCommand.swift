import Foundation
import LabRunner

/// `labrunner html PATH… -o DIR`: runs the files exactly as `run` does (same pipeline, cache and
/// options, same report on the terminal and exit status), then writes one page per file and an
/// `index.html` into DIR, with the relative images the pages show copied beside them.
struct HTMLCommand: Command {
    static let owned = [
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "DIR",
                          help: "The folder to write the pages and index.html into (created if missing)"),
        OptionDeclaration(name: "--ipynb", help: "Also write each lab as a Jupyter notebook beside its page (lab.ipynb)"),
        OptionDeclaration(name: "--student", help: "Pages of the students' copy of each lab holding solutions or hidden checks "
                          + "(stubs, no hidden checks), run as the students' copy; without --student or --key, such a lab is refused"),
        OptionDeclaration(name: "--key", help: "Pages of the instructor's labs as written, every solution and hidden check labelled "
                          + "as the instructor's"),
    ]
    /// `-o DIR`, then every option of `run` except `--update` (a page shows the run; it rewrites nothing).
    static let declarations = owned + RunOptions.declarations.filter { $0.name != "--update" }

    let run: RunConfiguration
    let directory: String
    let notebooks: Bool
    let audience: SiteAudience?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard let directory = parsed.value("--output") else { throw .missingArgument("-o DIR (the folder for the pages)") }
        self.directory = directory
        notebooks = parsed.has("--ipynb")
        if parsed.has("--student") && parsed.has("--key") { throw .conflictingOptions("--student", "--key") }
        audience = parsed.has("--student") ? .student : parsed.has("--key") ? .key : nil
        run = try RunOptions.configuration(parsed)
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var session = RunSession(configuration: run, environment: environment, output: ConsoleOutput(environment: environment))
        session.style = .forStandardOutput(environment: environment)
        session.siteDirectory = directory
        session.notebooks = notebooks
        session.audience = audience
        return ExitStatus.of(session.run())
    }
}
