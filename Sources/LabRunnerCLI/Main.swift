import Foundation
import LabRunner

/// `labrunner`: dispatches to a command and turns its result into an exit status.
@main
struct LabRunnerMain {
    static func main() {
        if CommandLine.arguments.dropFirst().first == ProcessSupervisor.argument { ProcessSupervisor.serve() }
        InterruptHandler.install()
        let arguments = Array(CommandLine.arguments.dropFirst())
        let status: Int32
        do {
            status = try dispatch(arguments)
        } catch {
            Console.error(error.description)
            Console.write("Run 'labrunner --help' for usage.\n", to: STDERR_FILENO)
            status = ExitStatus.usage
        }
        InterruptHandler.exit(status)
    }

    static func dispatch(_ arguments: [String]) throws(UsageError) -> Int32 {
        guard let command = arguments.first else {
            Console.out(HelpText.overview)
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        let wantsHelp = rest.contains("--help") || rest.contains("-h")
        switch command {
        case "-h", "--help":
            Console.out(HelpText.overview)
            return ExitStatus.success
        case "--version":
            Console.out(HelpText.version)
            return ExitStatus.success
        case "help":
            guard let topic = rest.first else {
                Console.out(HelpText.overview)
                return ExitStatus.success
            }
            guard let text = HelpText.forCommand(topic) else {
                throw .unknownCommand(topic, suggestion: EditDistance.closest(to: topic, in: commands))
            }
            Console.out(text)
            return ExitStatus.success
        case "run":
            if wantsHelp { Console.out(HelpText.run); return ExitStatus.success }
            return try RunCommand(arguments: rest).execute()
        case "extract":
            if wantsHelp { Console.out(HelpText.extract); return ExitStatus.success }
            return try ExtractCommand(arguments: rest).execute()
        case "html":
            if wantsHelp { Console.out(HelpText.html); return ExitStatus.success }
            return try HTMLCommand(arguments: rest).execute()
        case "cache":
            if wantsHelp { Console.out(HelpText.cache); return ExitStatus.success }
            return try CacheCommand(arguments: rest).execute()
        case "watch":
            if wantsHelp { Console.out(HelpText.watch); return ExitStatus.success }
            return try WatchCommand(arguments: rest).execute()
        case "list":
            if wantsHelp { Console.out(HelpText.list); return ExitStatus.success }
            return try ListCommand(arguments: rest).execute()
        case "student":
            if wantsHelp { Console.out(HelpText.student); return ExitStatus.success }
            return try StudentCommand(arguments: rest).execute()
        case "grade":
            if wantsHelp { Console.out(HelpText.grade); return ExitStatus.success }
            return try GradeCommand(arguments: rest).execute()
        default:
            if looksLikeALab(command) { throw .labAsCommand(command) }
            throw .unknownCommand(command, suggestion: EditDistance.closest(to: command, in: commands))
        }
    }

    /// `labrunner todo.md`: a path where the command goes, meant for `run`.
    static func looksLikeALab(_ word: String) -> Bool {
        let lowered = word.lowercased()
        return lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") || FileManager.default.fileExists(atPath: word)
    }

    static let commands = ["run", "watch", "html", "extract", "list", "cache", "student", "grade", "help"]
}
