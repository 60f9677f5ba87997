import Foundation
import LabRunner

/// `labrunner list LAB [--json]`: the lab as the tool reads it; a guide per sample (`GuideListing`).
struct ListCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--json", help: "Print JSON (a lab's includes `blocks`: every fenced code block of the document)"),
        OptionDeclaration(name: "--bare", value: "LANG", help: "Read fences without an info string as LANG"),
        OptionDeclaration(name: "--as", value: "KIND", help: "Read the file as a guide or a lab, whatever its contents say"),
    ]

    let path: String
    let json: Bool
    let bareLanguage: String?
    /// `--as guide|lab`, as for `run`.
    let documentKind: DocumentKind?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard let path = parsed.positionals.first else { throw .missingArgument("lab path") }
        guard parsed.positionals.count == 1 else { throw .tooManyArguments(Array(parsed.positionals.dropFirst())) }
        self.path = path
        json = parsed.has("--json")
        bareLanguage = try RunOptions.bareLanguage(parsed.value("--bare"))
        documentKind = try RunOptions.documentKind(parsed.value("--as"))
    }

    func execute() -> Int32 {
        let console = ConsoleOutput(environment: ProcessInfo.processInfo.environment)
        let loader = DocumentLoader.reporting(to: console, bareLanguage: bareLanguage, kind: documentKind)
        let listing = loader.load(path, reportingTo: console) { lab throws(LabError) in
            guard lab.isGuide else {
                let listing = LabListing(lab)
                return (json: Result { () throws(JSONText.Failure) in try listing.json() }, text: listing.text())
            }
            let guide = try GuideListing(lab)
            return (json: Result { () throws(JSONText.Failure) in try guide.json() }, text: guide.text())
        }
        guard let listing else { return ExitStatus.usage }
        if json {
            switch listing.json {
            case .success(let text): Console.write(text + "\n", to: STDOUT_FILENO)
            case .failure(let failure):
                Console.error(failure.description)
                return ExitStatus.usage
            }
        } else {
            Console.out(listing.text)
        }
        return ExitStatus.success
    }
}
