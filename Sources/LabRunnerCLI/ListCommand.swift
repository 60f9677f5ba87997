import Foundation
import LabRunner

/// `labrunner list LAB [--json]`: the lab as the tool reads it; a guide per sample (`GuideListing`).
struct ListCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--json", help: "Print JSON (a lab's includes `blocks`: every fenced code block of the document)"),
        OptionDeclaration(name: "--bare", value: "LANG", help: "Read fences without an info string as LANG"),
        OptionDeclaration(name: "--as", value: "KIND", help: "Read the file as a guide or a lab, whatever its contents say"),
        OptionDeclaration(name: "--package", value: "DIR",
                          help: "Show the library modules of the package in DIR that samples get (swift package describe; nothing is built)"),
    ]

    let path: String
    let json: Bool
    let bareLanguage: String?
    /// `--as guide|lab`, as for `run`.
    let documentKind: DocumentKind?
    /// `--package DIR`, as for `run`.
    let packagePath: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard let path = parsed.positionals.first else { throw .missingArgument("lab path") }
        guard parsed.positionals.count == 1 else { throw .tooManyArguments(Array(parsed.positionals.dropFirst())) }
        self.path = path
        json = parsed.has("--json")
        bareLanguage = try parsed.value("--bare", as: .bareLanguage)
        documentKind = try parsed.value("--as", as: .documentKind)
        packagePath = parsed.value("--package")
    }

    func execute() -> Int32 {
        var session = ListSession(path: path, output: ConsoleOutput(environment: ProcessInfo.processInfo.environment))
        session.json = json
        session.bareLanguage = bareLanguage
        session.documentKind = documentKind
        session.packagePath = packagePath
        return ExitStatus.of(session.run())
    }
}
