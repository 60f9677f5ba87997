import Foundation
import LabRunner

/// `labrunner list LAB [--json]`: the lab as the tool reads it.
struct ListCommand {
    static let spec = ArgumentSpec(flags: ["--json"], options: ["--bare"])

    let path: String
    let json: Bool
    let bareLanguage: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard let path = parsed.positionals.first else { throw .missingArgument("lab path") }
        guard parsed.positionals.count == 1 else { throw .tooManyArguments(Array(parsed.positionals.dropFirst())) }
        self.path = path
        json = parsed.has("--json")
        bareLanguage = try RunOptions.bareLanguage(parsed.value("--bare"))
    }

    func execute() -> Int32 {
        guard let lab = LabFile.loadReportingErrors(path, bareLanguage: bareLanguage) else { return ExitStatus.usage }
        if json {
            Console.write(LabListing(lab).json() + "\n", to: STDOUT_FILENO)
        } else {
            Console.out(LabListing(lab).text())
        }
        return ExitStatus.success
    }
}
