import Foundation
import LabRunner

/// `labrunner cache [clean] [--cache-dir DIR]`: where the compile cache is and what it holds, or
/// empty it.
struct CacheCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--cache-dir", value: "DIR",
                          help: "The cache (default: $XDG_CACHE_HOME/labrunner or ~/.cache/labrunner)"),
    ]

    let cleaning: Bool
    let directory: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        switch parsed.positionals {
        case []: cleaning = false
        case ["clean"]: cleaning = true
        case let words where words.count > 1: throw .tooManyArguments(Array(words.dropFirst()))
        case let words:
            throw .unknownCommand("cache " + words[0], suggestion: EditDistance.closest(to: words[0], in: ["clean"]).map { "cache " + $0 })
        }
        directory = parsed.value("--cache-dir")
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let session = CacheSession(directory: directory, cleaning: cleaning, environment: environment,
                                   output: ConsoleOutput(environment: environment))
        return ExitStatus.of(session.run())
    }
}
