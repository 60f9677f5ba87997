import Foundation
import LabRunner

/// `labrunner student LAB… -o DIR`: the options, for a `StudentSession`.
struct StudentCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "DIR", help: "Where the copies go (below it, as below the folder named)"),
        OptionDeclaration(name: "--no-sandbox", help: "Check the copies' programs unsealed, with your rights (default: sealed off where the system allows)"),
    ]

    let paths: [String]
    let output: String
    let sandboxed: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard !parsed.positionals.isEmpty else { throw .missingArgument("lab path") }
        guard let output = parsed.value("--output") else { throw .missingArgument("-o DIR (where the students' copies go)") }
        paths = parsed.positionals
        self.output = output
        sandboxed = !parsed.has("--no-sandbox")
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var session = StudentSession(paths: paths, outputFolder: output, environment: environment, output: ConsoleOutput(environment: environment))
        session.style = .forStandardOutput(environment: environment)
        session.sandboxed = sandboxed
        return ExitStatus.of(session.run())
    }
}
