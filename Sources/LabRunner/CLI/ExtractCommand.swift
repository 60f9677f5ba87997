import Foundation

/// `labrunner extract LAB [-o FILE] [--plain]`: the Swift file `run` compiles, for an editor.
struct ExtractCommand {
    static let spec = ArgumentSpec(flags: ["--plain"], options: ["--output"], aliases: ["-o": "--output"])

    let path: String
    let output: String?
    let plain: Bool

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard let path = parsed.positionals.first else { throw .missingArgument("lab path") }
        guard parsed.positionals.count == 1 else { throw .tooManyArguments(Array(parsed.positionals.dropFirst())) }
        self.path = path
        output = parsed.value("--output")
        plain = parsed.has("--plain")
    }

    func execute() -> Int32 {
        guard let lab = LabFile.loadReportingErrors(path) else { return ExitStatus.usage }
        let program = ProgramGenerator.generate(lab, sourceLocations: !plain)
        guard let output, output != "-" else {
            Console.write(program, to: STDOUT_FILENO)
            return ExitStatus.success
        }
        let descriptor = open(output, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0, Console.write(program, to: descriptor), close(descriptor) == 0 else {
            Console.error("cannot write \(output): \(String(cString: strerror(errno)))")
            return ExitStatus.usage
        }
        return ExitStatus.success
    }
}
