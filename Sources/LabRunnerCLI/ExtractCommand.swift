import Foundation
import LabRunner

/// `labrunner extract LAB [-o FILE] [--plain]`: the options, for an `ExtractSession`.
struct ExtractCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "FILE", help: "Write to FILE instead of standard output"),
        OptionDeclaration(name: "--plain", help: "Leave out the #sourceLocation lines (errors then point at the .swift file)"),
        OptionDeclaration(name: "--bare", value: "LANG", help: "Read fences without an info string as LANG"),
    ]

    let path: String
    let output: String?
    let plain: Bool
    let bareLanguage: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard let path = parsed.positionals.first else { throw .missingArgument("lab path") }
        guard parsed.positionals.count == 1 else { throw .tooManyArguments(Array(parsed.positionals.dropFirst())) }
        self.path = path
        output = parsed.value("--output").flatMap { $0 == "-" ? nil : $0 }
        plain = parsed.has("--plain")
        bareLanguage = try parsed.value("--bare", as: .bareLanguage)
    }

    func execute() -> Int32 {
        var session = ExtractSession(path: path, output: ConsoleOutput(environment: ProcessInfo.processInfo.environment))
        session.outputFile = output
        session.plain = plain
        session.bareLanguage = bareLanguage
        return ExitStatus.of(session.run())
    }
}
