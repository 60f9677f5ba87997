import Foundation
import LabRunner

/// `labrunner student LAB… -o DIR`: the students' copies, checked: each compiles and fails at
/// least one output of every exercise.
struct StudentCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "DIR", help: "Where the copies go (below it, as below the folder named)"),
    ]

    let paths: [String]
    let output: String

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard !parsed.positionals.isEmpty else { throw .missingArgument("lab path") }
        guard let output = parsed.value("--output") else { throw .missingArgument("-o DIR (where the students' copies go)") }
        paths = parsed.positionals
        self.output = output
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        // Each file with the path its copy gets: below DIR as below the folder named, or by its name.
        var copies: [(source: String, copy: String)] = []
        do {
            for argument in paths {
                var isFolder: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder)
                for file in try DocumentFile.expand([argument]) {
                    let relative = exists && isFolder.boolValue
                        ? String(file.dropFirst(argument.hasSuffix("/") ? argument.count : argument.count + 1))
                        : (file as NSString).lastPathComponent
                    copies.append((file, (output as NSString).appendingPathComponent(relative)))
                }
            }
        } catch {
            Console.diagnostic([error.description])
            return ExitStatus.usage
        }
        if let problem = OutputPaths.problem(outputs: copies.map { ("-o", $0.copy) }, inputs: copies.map(\.source)) {
            Console.error(problem)
            return ExitStatus.usage
        }
        var withExercises: [String] = []
        for (source, copy) in copies {
            guard let lab = DocumentFile.loadReportingErrors(source) else { return ExitStatus.usage }
            let bytes = StudentCopy.bytes(of: lab)
            do {
                try FileManager.default.createDirectory(atPath: (copy as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try AtomicFile.write(bytes, to: copy)
            } catch let error as AtomicFile.WriteError {
                Console.error(error.description)
                return ExitStatus.usage
            } catch {
                Console.error("cannot write \(copy): \(error.localizedDescription)")
                return ExitStatus.usage
            }
            if StudentCopy.hasExercises(lab) { withExercises.append(copy) }
        }
        Console.out("wrote \(copies.count) file\(copies.count == 1 ? "" : "s") to \(output)")
        return check(withExercises, environment: environment)
    }

    /// Runs each copy: it must compile, and no exercise may be done already.
    private func check(_ copies: [String], environment: [String: String]) -> Int32 {
        guard !copies.isEmpty else { return ExitStatus.success }
        let pipeline: DocumentPipeline
        do { pipeline = try CheckingPipeline.make(environment: environment) } catch {
            Console.error(error.description)
            return ExitStatus.usage
        }
        let appleAvailable = Platform.hasSwiftUI
        let terminal = TerminalReport(style: .forStandardOutput(environment: environment))
        let reports = DocumentBatch(pipeline: pipeline, width: ProcessInfo.processInfo.activeProcessorCount).run(copies) { outcome, seconds in
            FileReport(outcome, duration: seconds, appleAvailable: appleAvailable)
        }
        var failed = false
        for report in reports {
            let problems = StudentCopyCheck.problems(report)
            if problems.isEmpty {
                Console.out("checked \(report.path): it compiles and every exercise fails until it is solved")
            } else {
                failed = true
                Console.out(terminal.render(report))
                Console.diagnostic(problems)
            }
        }
        return failed ? ExitStatus.failed : ExitStatus.success
    }
}
