import Foundation
import LabRunner

/// `labrunner student LAB… -o DIR`: the options, for a `StudentSession`.
struct StudentCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "DIR", help: "Where the copies go (below it, as below the folder named)"),
    ]

    let paths: [String]
    let output: String

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard !parsed.positionals.isEmpty else { throw .missingArgument("lab path") }
        guard let output = parsed.value("--output") else { throw .missingArgument("-o DIR (where the students' copies go)") }
        paths = parsed.positionals
        self.output = output
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var session = StudentSession(paths: paths, outputFolder: output, environment: environment, output: ConsoleOutput(environment: environment))
        session.style = .forStandardOutput(environment: environment)
        return ExitStatus.of(session.run())
    }
}
