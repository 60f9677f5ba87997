import Foundation
import LabRunner

/// `labrunner`: dispatches to a command of `CommandTable` and turns its result into an exit status.
@main
struct LabRunnerMain {
    static func main() {
        // Arguments as bytes: a path that is not UTF-8 (`Jos\xe9.md`) still names its file.
        let commandLine = FileName.commandLineArguments()
        if commandLine.dropFirst().first == ProcessSupervisor.argument { ProcessSupervisor.serve() }
        if commandLine.dropFirst().first == SandboxLaunch.argument {
            SandboxLaunch.launch(Array(commandLine.dropFirst(2)))
        }
        SandboxLaunch.useLauncher()
        ProcessAdoption.becomeSubreaper()
        InterruptHandler.install(interrupted: { SessionShutdown.interrupted() }, finished: { SessionShutdown.finished() })
        let arguments = Array(commandLine.dropFirst())
        let status: Int32
        do {
            status = try dispatch(arguments)
        } catch {
            Console.error(error.description)
            Console.diagnostic(["Run 'labrunner --help' for usage."])
            status = ExitStatus.usage
        }
        InterruptHandler.exit(status)
    }

    static func dispatch(_ arguments: [String]) throws(UsageError) -> Int32 {
        guard let command = arguments.first else {
            Console.out(HelpText.overview)
            return ExitStatus.usage
        }
        switch command {
        case "-h", "--help":
            Console.out(HelpText.overview)
            return ExitStatus.success
        case "--version":
            Console.out(HelpText.version)
            return ExitStatus.success
        default:
            break
        }
        guard let entry = CommandTable.entry(named: command) else {
            if looksLikeALab(command) { throw .labAsCommand(command) }
            throw .unknownCommand(command, suggestion: EditDistance.closest(to: command, in: CommandTable.names))
        }
        let rest = Array(arguments.dropFirst())
        // Anywhere among the command's words, as `git` and swift-argument-parser take it.
        if rest.contains("--help") || rest.contains("-h") {
            Console.out(entry.helpText)
            return ExitStatus.success
        }
        return try entry.run(rest)
    }

    /// `labrunner todo.md`: a path where the command goes, meant for `run`.
    static func looksLikeALab(_ word: String) -> Bool {
        let lowered = word.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") || lowered.hasSuffix(".swift") || FileManager.default.fileExists(atPath: word)
    }
}
