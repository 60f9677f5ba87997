import Foundation
import LabRunner

/// `labrunner student LAB… -o DIR`: the options, for a `StudentSession`.
struct StudentCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "DIR", help: "Where the copies go (below it, as below the folder named)"),
    ] + BuildOptions.declarations

    let paths: [String]
    let output: String
    /// The build options, as `run` reads them.
    let build: RunConfiguration

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard !parsed.positionals.isEmpty else { throw .missingArgument("lab path") }
        guard let output = parsed.value("--output") else { throw .missingArgument("-o DIR (where the students' copies go)") }
        paths = parsed.positionals
        self.output = output
        build = try BuildOptions.configuration(parsed)
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var session = StudentSession(paths: paths, outputFolder: output, environment: environment, output: ConsoleOutput(environment: environment))
        session.style = .forStandardOutput(environment: environment)
        session.build = build
        return ExitStatus.of(session.run())
    }
}
