import Foundation
import LabRunner

/// `labrunner run PATH…`: the options parsed into a `RunConfiguration`, run by a `RunSession`
/// that says everything on the console.
struct RunCommand: Command {
    static let declarations = RunOptions.declarations
    let configuration: RunConfiguration

    init(arguments: [String]) throws(UsageError) {
        configuration = try RunOptions.configuration(arguments)
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var session = RunSession(configuration: configuration, environment: environment, output: ConsoleOutput(environment: environment))
        session.style = .forStandardOutput(environment: environment)
        return ExitStatus.of(session.run())
    }
}
