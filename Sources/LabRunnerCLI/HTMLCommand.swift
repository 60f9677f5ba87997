import LabRunner

/// `labrunner html PATH… -o DIR`: runs the files exactly as `run` does (same pipeline, cache and
/// options, same report on the terminal and exit status), then writes one page per file and an
/// `index.html` into DIR, with the relative images the pages show copied beside them.
struct HTMLCommand: Command {
    /// `-o DIR`, then every option of `run` except `--update` (a page shows the run; it rewrites nothing).
    static let declarations = [
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "DIR",
                          help: "The folder to write the pages and index.html into (created if missing)"),
        OptionDeclaration(name: "--ipynb", help: "Also write each lab as a Jupyter notebook beside its page (lab.ipynb)"),
    ] + RunOptions.declarations.filter { $0.name != "--update" }

    let run: RunOptions
    let directory: String
    let notebooks: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard let directory = parsed.value("--output") else { throw .missingArgument("-o DIR (the folder for the pages)") }
        self.directory = directory
        notebooks = parsed.has("--ipynb")
        // What is left is `run`'s command line: -o and its value taken out (after `--` all are paths).
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            if word == "--" { rest += arguments[index...]; break }
            if word == "-o" || word == "--output" { index += 2; continue }
            if !word.hasPrefix("--output=") && word != "--ipynb" { rest.append(word) }
            index += 1
        }
        run = try RunOptions(arguments: rest)
    }

    func execute() -> Int32 {
        var command = RunCommand(options: run)
        // Named from every lab before the run (shards of one site agree), checked before anything runs.
        var site = SiteWriter(directory: directory, labs: [], verbose: run.verbose, notebooks: notebooks)
        command.checkSite = { labs in
            site = SiteWriter(directory: directory, labs: labs, verbose: run.verbose, notebooks: notebooks)
            return site.problem()
        }
        command.writeSite = { report in site.write(report) }
        return command.execute()
    }
}

extension RunCommand {
    init(options: RunOptions) {
        self.options = options
    }
}
