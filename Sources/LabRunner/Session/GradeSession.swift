import Foundation

/// One `labrunner grade`: each submission's code run with the key's outputs and hidden checks,
/// in parallel, with `run`'s timeouts, isolation and clean-up; a summary per student, and with
/// an output folder the grade files and the gradebook. Several keys (or a folder of them) grade
/// a course: each submission is then a student's folder holding their copy of each lab.
package struct GradeSession: Sendable {
    /// The instructor's labs: files, or folders searched for labs with exercises.
    package let keys: [String]
    /// Each a lab file, or a folder holding one (with several labs, a folder holding each).
    package let submissions: [String]
    package let environment: [String: String]
    package let output: any SessionOutput
    /// `-o DIR`: where `grades.csv`, `grades.json`, the feedback files and `gradebook.csv` go
    /// (with several labs, each lab's files in `DIR/LAB/`).
    package var outputFolder: String? = nil
    /// `--repeat N`: runs per scenario.
    package var repeats = defaultRepeats
    package var style = Style.plain
    package var appleAvailable = Platform.hasSwiftUI
    package var width = ProcessInfo.processInfo.activeProcessorCount
    /// The build options (`--cache-dir`, `--no-cache`, `--jobs`, `--timeout`, `--compile-timeout`) as `run` reads them; its paths unused.
    package var build = RunConfiguration(paths: [])

    /// Runs per scenario unless `--repeat` says otherwise: a check that passes by luck once
    /// seldom passes three times, and one that differs between runs scores 0 (see teaching.md).
    package static let defaultRepeats = 3

    package init(keys: [String], submissions: [String], environment: [String: String], output: any SessionOutput) {
        self.keys = keys
        self.submissions = submissions
        self.environment = environment
        self.output = output
    }

    package init(key: String, submissions: [String], environment: [String: String], output: any SessionOutput) {
        self.init(keys: [key], submissions: submissions, environment: environment, output: output)
    }

    package func run() -> SessionEnd {
        guard let labs = loadKeys(), let course = resolveSubmissions(labs) else { return .notChecked }
        let layouts = labs.map { Gradebook.LabLayout(key: $0.lab, name: $0.name, appleAvailable: appleAvailable) }
        // The instructor's cells of the gradebook already there, read (and checked to have a place
        // in this run's) before anything runs: a gradebook that cannot be kept whole stops the run.
        var previous: (cells: InstructorCells, bytes: [UInt8]?)? = nil
        if let outputFolder {
            guard let read = readGradebook(in: outputFolder, columns: Gradebook.columns(layouts), students: course.students) else {
                return .notChecked
            }
            previous = read
        }
        var pipeline: DocumentPipeline
        let folder: BuildDirectory?
        do {
            guard let made = try build.checkingPipeline(environment: environment, output: output, sealRequired: true) else {
                return .notChecked
            }
            (pipeline, folder) = made
        } catch {
            output.error(error.description)
            return .notChecked
        }
        defer { folder?.remove() }
        pipeline.repeats = repeats
        let grading = pipeline
        var results: [[String: Gradebook.LabResult]] = []
        var end = SessionEnd.passed
        for (lab, paths) in zip(labs, course.paths) {
            if labs.count > 1 { output.out(style.bold("\(lab.name)  \(lab.lab.path)")) }
            let found = course.students.compactMap { student in paths[student].map { (student: student, file: $0) } }
            // What a student may not change: the handout, outside the exercises.
            let handout = try? LabParser.parse(bytes: StudentCopy.bytes(of: lab.lab), path: lab.lab.path, bareLanguage: grading.bareLanguage)
            let outcomes = Parallel.map(found.count, width: width) { index in
                grading.grade(key: lab.lab, submission: found[index].file, student: found[index].student, handout: handout)
            }
            let report = GradeReport(outcomes, appleAvailable: appleAvailable)
            say(report)
            for student in course.students where paths[student] == nil { output.out("\(ControlPictures.escapedName(student))  not submitted") }
            results.append(report.gradebookResults)
            if let outputFolder, !write(report, to: labs.count > 1 ? (outputFolder as NSString).appendingPathComponent(lab.name) : outputFolder) {
                end = .notChecked
            }
        }
        if let outputFolder, let previous {
            let gradebook = Gradebook(labs: layouts, students: course.students, results: results, instructor: previous.cells)
            if !writeGradebook(gradebook, in: outputFolder, replacing: previous.bytes) { end = .notChecked }
        }
        return end
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

    /// A lab's grade files, and a feedback page per student; each on its own: one that cannot be
    /// written is said, and the others still are. False when one was not written.
    private func write(_ report: GradeReport, to folder: String) -> Bool {
        let pages = report.entries.map { FeedbackPage(report: report, entry: $0).html() }
        let failures = GradeFiles.write(report, to: folder, pages: pages)
        for failure in failures { output.error(failure) }
        let count = report.entries.count
        if failures.isEmpty {
            output.out("wrote \((folder as NSString).appendingPathComponent("grades.csv")), grades.json and \(count) feedback file\(count == 1 ? "" : "s") (text and HTML)")
        }
        return failures.isEmpty
    }
}
