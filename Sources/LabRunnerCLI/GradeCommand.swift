import Foundation
import LabRunner

/// `labrunner grade --key LAB SUBMISSION… [--repeat N] [-o DIR]`: each submission's code run
/// with the key's outputs and hidden checks, in parallel, with `run`'s timeouts, isolation and clean-up.
struct GradeCommand: Command {
    static let declarations = [
        OptionDeclaration(name: "--key", value: "LAB", help: "The instructor's lab (with solutions and hidden checks)"),
        OptionDeclaration(name: "--repeat", value: "N", help: "Run each scenario N times (default \(defaultRepeats)); an exercise whose "
                          + "checks differ between runs scores zero and is reported as flaky"),
        OptionDeclaration(name: "--output", aliases: ["-o"], value: "DIR",
                          help: "Also write DIR/grades.csv (student, exercise, points, out of, note), DIR/grades.json "
                          + "and DIR/STUDENT.feedback.txt (diffs and hints)"),
    ]
    /// Runs per scenario unless `--repeat` says otherwise: a check that passes by luck once
    /// seldom passes three times, and one that differs between runs scores 0 (see teaching.md).
    static let defaultRepeats = 3

    let key: String
    let submissions: [String]
    let output: String?
    let repeats: Int

    init(arguments: [String]) throws(UsageError) {
        let parsed = try Self.spec.parse(arguments)
        guard let key = parsed.value("--key") else { throw .missingArgument("--key LAB (the instructor's lab)") }
        guard !parsed.positionals.isEmpty else { throw .missingArgument("submission") }
        self.key = key
        submissions = parsed.positionals
        output = parsed.value("--output")
        repeats = try parsed.value("--repeat").map { text throws(UsageError) in
            guard let count = Int(text), (1...1000).contains(count) else {
                throw .badValue(option: "--repeat", value: text, expected: "a whole number from 1 to 1000")
            }
            return count
        } ?? Self.defaultRepeats
    }

    /// A submission is named by its file, or its folder (which holds a file named like the key, or one lab).
    static func resolve(_ submission: String, key: String) -> (student: String, path: String)? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: submission, isDirectory: &isFolder) else { return nil }
        let trimmed = submission.hasSuffix("/") ? String(submission.dropLast()) : submission
        let name = (trimmed as NSString).lastPathComponent
        guard isFolder.boolValue else { return ((name as NSString).deletingPathExtension, submission) }
        let named = (trimmed as NSString).appendingPathComponent((key as NSString).lastPathComponent)
        if FileManager.default.fileExists(atPath: named) { return (name, named) }
        guard let files = try? DocumentFile.expand([trimmed]), files.count == 1 else { return nil }
        return (name, files[0])
    }

    /// Every submission with its student's name; nil after saying which is not one, or names a student twice.
    private func resolveSubmissions() -> [(student: String, path: String)]? {
        var resolved: [(student: String, path: String)] = []
        for submission in submissions {
            guard let found = Self.resolve(submission, key: key) else {
                Console.error("\(submission): not a submission (a lab file, or a folder holding one)")
                return nil
            }
            guard !resolved.contains(where: { $0.student == found.student }) else {
                Console.error("\(submission): a second submission named '\(found.student)'")
                return nil
            }
            resolved.append(found)
        }
        return resolved
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        guard let keyLab = DocumentFile.loadReportingErrors(key) else { return ExitStatus.usage }
        guard StudentCopy.hasExercises(keyLab) else {
            Console.error("\(key): the key has no exercises to grade")
            return ExitStatus.usage
        }
        guard let resolved = resolveSubmissions() else { return ExitStatus.usage }
        var pipeline: DocumentPipeline
        do { pipeline = try CheckingPipeline.make(environment: environment) } catch {
            Console.error(error.description)
            return ExitStatus.usage
        }
        pipeline.repeats = repeats
        let grading = pipeline
        let found = resolved
        let outcomes = Parallel.map(found.count, width: ProcessInfo.processInfo.activeProcessorCount) { index in
            grading.grade(key: keyLab, submissionPath: found[index].path, student: found[index].student)
        }
        let report = GradeReport(outcomes, appleAvailable: Platform.hasSwiftUI)
        let terminal = TerminalReport(style: .forStandardOutput(environment: environment))
        for entry in report.entries {
            Console.out(terminal.style.bold(report.summary(entry)))
            // Why a submission scored nothing for reasons other than its outputs: its errors at its lines.
            var ran = false
            if case .lab(_, let parts, _) = entry.file.content, case .ran = parts.first?.result { ran = true }
            if !ran { Console.out(Array(terminal.render(entry.file).dropFirst())) }
        }
        guard let output else { return ExitStatus.success }
        // Each file on its own: one that cannot be written is said, and the others still are.
        let failures = GradeFiles.write(report, to: output)
        guard failures.isEmpty else {
            for failure in failures { Console.error(failure) }
            return ExitStatus.usage
        }
        Console.out("wrote \(output)/grades.csv, grades.json and \(report.entries.count) feedback file\(report.entries.count == 1 ? "" : "s")")
        return ExitStatus.success
    }
}
