import Foundation
import LabRunner

/// `labrunner kernel -f FILE` (the Swift Jupyter kernel), `kernel install` and `kernel
/// uninstall` (its kernelspec): the options, for a `KernelService` or `KernelSpecSession`.
struct KernelCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--connection-file", aliases: ["-f"], value: "FILE",
                          help: "Serve as the kernel of this Jupyter connection file (Jupyter passes it)"),
        OptionDeclaration(name: "--user", help: "install/uninstall: in your Jupyter data folder (the default)"),
        OptionDeclaration(name: "--prefix", value: "DIR", help: "install/uninstall: in DIR/share/jupyter/kernels (a virtual environment)"),
        OptionDeclaration(name: "--name", value: "NAME", help: "install/uninstall: the kernel's name (default: labrunner)"),
    ]

    enum Action { case serve(String), install, uninstall }

    let action: Action
    let name: String
    let location: KernelSpecSession.Location

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        name = parsed.value("--name") ?? KernelSpecSession.defaultName
        location = parsed.value("--prefix").map { .prefix($0) } ?? .user
        switch (parsed.positionals, parsed.value("--connection-file")) {
        case ([], let file?): action = .serve(file)
        case (["install"], nil): action = .install
        case (["uninstall"], nil): action = .uninstall
        case ([], nil): throw .missingArgument("install, uninstall or -f CONNECTION_FILE")
        case (let words, _) where words.count > 1: throw .tooManyArguments(Array(words.dropFirst()))
        case (let words, nil):
            throw .unknownCommand("kernel " + words[0], suggestion: EditDistance.closest(to: words[0], in: ["install", "uninstall"]).map { "kernel " + $0 })
        case (let words, _): throw .tooManyArguments(words)
        }
        if parsed.has("--user"), let prefix = parsed.value("--prefix") {
            throw .badValue(option: "--prefix", value: prefix, expected: "no --prefix with --user (one place for the kernelspec)")
        }
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let output = ConsoleOutput(environment: environment)
        switch action {
        case .serve(let file):
            return ExitStatus.of(KernelService(connectionFile: file, environment: environment, toolVersion: Version.current,
                                               output: output).run())
        case .install, .uninstall:
            let session = KernelSpecSession(name: name, location: location, environment: environment, output: output)
            guard case .install = action else { return ExitStatus.of(session.uninstall()) }
            let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
            return ExitStatus.of(session.install(executable: executable))
        }
    }
}
