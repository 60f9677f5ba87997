import Foundation
import LabRunner

/// `labrunner watch PATH…`: a `WatchSession` started, then a save at a time until Ctrl-C, which
/// the `InterruptHandler` turns into a clean stop (children killed, folders removed).
struct WatchCommand: Command {
    static let declarations = WatchOptions.declarations
    let options: WatchOptions

    init(arguments: [String]) throws(UsageError) {
        options = try WatchOptions(arguments: arguments)
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var session = WatchSession(configuration: options.run, environment: environment, output: ConsoleOutput(environment: environment))
        session.port = options.port
        session.host = options.host
        session.style = .forStandardOutput(environment: environment)
        guard var loop = session.start() else { return ExitStatus.usage }
        while true { loop.next() }
    }
}
