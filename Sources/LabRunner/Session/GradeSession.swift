import Foundation

/// One `labrunner grade`: each submission's code run with the key's outputs and hidden checks,
/// in parallel, with `run`'s timeouts, isolation and clean-up; a summary per student, and with
/// an output folder the grade files.
package struct GradeSession: Sendable {
    /// The instructor's lab.
    package let key: String
    /// Each a lab file, or a folder holding one.
    package let submissions: [String]
    package let environment: [String: String]
    package let output: any SessionOutput
    /// `-o DIR`: where `grades.csv`, `grades.json` and the feedback files go.
    package var outputFolder: String? = nil
    /// `--repeat N`: runs per scenario.
    package var repeats = defaultRepeats
    package var style = Style.plain
    package var appleAvailable = Platform.hasSwiftUI
    package var width = ProcessInfo.processInfo.activeProcessorCount

    /// Runs per scenario unless `--repeat` says otherwise: a check that passes by luck once
    /// seldom passes three times, and one that differs between runs scores 0 (see teaching.md).
    package static let defaultRepeats = 3

    package init(key: String, submissions: [String], environment: [String: String], output: any SessionOutput) {
        self.key = key
        self.submissions = submissions
        self.environment = environment
        self.output = output
    }

    package func run() -> SessionEnd {
        guard let keyLab = DocumentLoader.reporting(to: output).load(key, reportingTo: output) else { return .notChecked }
        guard StudentCopy.hasExercises(keyLab) else {
            output.error("\(key): the key has no exercises to grade")
            return .notChecked
        }
        guard let found = resolveSubmissions() else { return .notChecked }
        var pipeline: DocumentPipeline
        do { pipeline = try RunConfiguration.checkingPipeline(environment: environment, output: output) } catch {
            output.error(error.description)
            return .notChecked
        }
        pipeline.repeats = repeats
        let grading = pipeline
        // What a student may not change: the handout, outside the exercises.
        let handout = try? LabParser.parse(bytes: StudentCopy.bytes(of: keyLab), path: keyLab.path, bareLanguage: pipeline.bareLanguage)
        let outcomes = Parallel.map(found.count, width: width) { index in
            grading.grade(key: keyLab, submissionPath: found[index].path, student: found[index].student, handout: handout)
        }
        let report = GradeReport(outcomes, appleAvailable: appleAvailable)
        say(report)
        return write(report)
    }

    /// A line per student; why a submission scored nothing for reasons other than its outputs:
    /// its errors at its lines.
    private func say(_ report: GradeReport) {
        let terminal = TerminalReport(style: style)
        for entry in report.entries {
            output.out(style.bold(report.summary(entry)))
            var ran = false
            if case .lab(_, let parts, _) = entry.file.content, case .ran = parts.first?.result { ran = true }
            if !ran { output.out(Array(terminal.render(entry.file).dropFirst())) }
        }
    }

    /// The grade files, with `-o`; each on its own: one that cannot be written is said, and the others still are.
    private func write(_ report: GradeReport) -> SessionEnd {
        guard let outputFolder else { return .passed }
        let failures = GradeFiles.write(report, to: outputFolder)
        guard failures.isEmpty else {
            for failure in failures { output.error(failure) }
            return .notChecked
        }
        let count = report.entries.count
        output.out("wrote \(outputFolder)/grades.csv, grades.json and \(count) feedback file\(count == 1 ? "" : "s")")
        return .passed
    }

    /// Every submission with its student's name; nil after saying which is not one, or names a student twice.
    private func resolveSubmissions() -> [(student: String, path: String)]? {
        var resolved: [(student: String, path: String)] = []
        for submission in submissions {
            guard let found = Self.resolve(submission, key: key) else {
                output.error("\(submission): not a submission (a lab file, or a folder holding one)")
                return nil
            }
            guard !resolved.contains(where: { $0.student == found.student }) else {
                output.error("\(submission): a second submission named '\(found.student)'")
                return nil
            }
            resolved.append(found)
        }
        return resolved
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
}
