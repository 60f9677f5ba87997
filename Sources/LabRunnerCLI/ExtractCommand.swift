import Foundation
import LabRunner

/// `labrunner extract LAB [-o FILE] [--plain]`: the Swift file `run` compiles, for an editor; for
/// a guide, `extract GUIDE:LINE` gives the program of the sample at that line.
struct ExtractCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "FILE", help: "Write to FILE instead of standard output"),
        OptionDeclaration(name: "--plain", help: "Leave out the #sourceLocation lines (errors then point at the .swift file)"),
        OptionDeclaration(name: "--bare", value: "LANG", help: "Read fences without an info string as LANG"),
    ]

    let path: String
    let output: String?
    let plain: Bool
    let bareLanguage: String?

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard let path = parsed.positionals.first else { throw .missingArgument("lab path") }
        guard parsed.positionals.count == 1 else { throw .tooManyArguments(Array(parsed.positionals.dropFirst())) }
        self.path = path
        output = parsed.value("--output").flatMap { $0 == "-" ? nil : $0 }
        plain = parsed.has("--plain")
        bareLanguage = try RunOptions.bareLanguage(parsed.value("--bare"))
    }

    func execute() -> Int32 {
        if let output, let problem = OutputPaths.problem(outputs: [("-o", output)], inputs: [path]) {
            Console.error(problem)
            return ExitStatus.usage
        }
        // Not hidden: a path that cannot be expanded is loaded as it is, and the load says why.
        let (paths, lines) = (try? DocumentFile.expandWithLines([path])) ?? ([path], [:])
        let file = paths.first ?? path
        guard let lab = DocumentFile.loadReportingErrors(file, bareLanguage: bareLanguage) else { return ExitStatus.usage }
        var sampleProgram: String? = nil
        do throws(LabError) {
            sampleProgram = try lab.sampleProgram(at: lines[file]).map { program in
                plain ? program.split(separator: "\n", omittingEmptySubsequences: false)
                    .filter { !$0.hasPrefix("#sourceLocation") }.joined(separator: "\n") : program
            }
        } catch {
            Console.diagnostic(TerminalReport(style: .plain).inputError(error, excerpt: nil))
            return ExitStatus.usage
        }
        if let output {
            // A file the user asked for is written whole or not at all, like every other output.
            var program = ""
            if let sampleProgram { program = sampleProgram } else { ProgramGenerator.write(lab, sourceLocations: !plain, to: &program) }
            do throws(AtomicFile.WriteError) {
                try AtomicFile.write(Array(program.utf8), to: output)
            } catch {
                Console.error(error.description)
                return ExitStatus.usage
            }
            return ExitStatus.success
        }
        var stream = FileOutputStream(descriptor: STDOUT_FILENO)
        if let sampleProgram { stream.write(sampleProgram) } else { ProgramGenerator.write(lab, sourceLocations: !plain, to: &stream) }
        guard stream.flush() else {
            Console.error("cannot write standard output: \(String(cString: strerror(errno)))")
            return ExitStatus.usage
        }
        return ExitStatus.success
    }
}

/// Text written to a file descriptor through a 64 KiB buffer.
struct FileOutputStream: TextOutputStream {
    let descriptor: Int32
    private var buffer: [UInt8] = []
    private(set) var failed = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    mutating func write(_ string: String) {
        buffer += string.utf8
        if buffer.count >= 1 << 16 { _ = flush() }
    }

    /// Writes what is buffered; false once any write has failed.
    mutating func flush() -> Bool {
        if !failed && descriptor >= 0 && !buffer.isEmpty {
            failed = !Console.write(bytes: buffer, to: descriptor)
        }
        buffer.removeAll(keepingCapacity: true)
        return !failed && descriptor >= 0
    }
}
