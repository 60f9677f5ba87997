import Foundation

/// One `labrunner student`: the students' copies written below a folder, each then checked: it
/// compiles and fails at least one output of every exercise.
package struct StudentSession: Sendable {
    /// Lab files and folders of labs.
    package let paths: [String]
    /// Where the copies go, below it as below the folder named.
    package let outputFolder: String
    package let environment: [String: String]
    package let output: any SessionOutput
    package var style = Style.plain
    package var appleAvailable = Platform.hasSwiftUI
    package var width = ProcessInfo.processInfo.activeProcessorCount
    /// The build options (`--cache-dir`, `--no-cache`, `--jobs`, `--timeout`, `--compile-timeout`) as `run` reads them; its paths unused.
    package var build = RunConfiguration(paths: [])

    package init(paths: [String], outputFolder: String, environment: [String: String], output: any SessionOutput) {
        self.paths = paths
        self.outputFolder = outputFolder
        self.environment = environment
        self.output = output
    }

    package func run() -> SessionEnd {
        guard let copies = plan() else { return .notChecked }
        if let problem = OutputPaths.problem(outputs: copies.map { ("-o", $0.copy) }, inputs: copies.map(\.source)) {
            output.error(problem)
            return .notChecked
        }
        let loader = DocumentLoader.reporting(to: output)
        var withExercises: [String] = []
        for (source, copy) in copies {
            guard let lab = loader.load(source, reportingTo: output) else { return .notChecked }
            do {
                try FileName.makeFolders((copy as NSString).deletingLastPathComponent)
                try AtomicFile.write(StudentCopy.bytes(of: lab), to: copy)
            } catch let error as AtomicFile.WriteError {
                output.error(error.description)
                return .notChecked
            } catch {
                output.error("cannot write \(ControlPictures.escapedName(copy)): \(error.localizedDescription)")
                return .notChecked
            }
            if StudentCopy.hasExercises(lab) { withExercises.append(copy) }
        }
        output.out("wrote \(copies.count) file\(copies.count == 1 ? "" : "s") to \(ControlPictures.escapedName(outputFolder))")
        return check(withExercises)
    }

    /// Each file with the path its copy gets: below the folder as below the folder named, or by
    /// its name; nil after saying which path is not there.
    private func plan() -> [(source: String, copy: String)]? {
        var copies: [(source: String, copy: String)] = []
        do {
            for argument in paths {
                let isFolder = FileName.kind(argument) == .folder
                for file in try DocumentFile.expand([argument]) {
                    let relative = isFolder
                        ? String(file.dropFirst(argument.hasSuffix("/") ? argument.count : argument.count + 1))
                        : (file as NSString).lastPathComponent
                    copies.append((file, (outputFolder as NSString).appendingPathComponent(relative)))
                }
            }
        } catch {
            output.diagnostic([error.description])
            return nil
        }
        return copies
    }

    /// Runs each copy: it must compile, and no exercise may be done already.
    private func check(_ copies: [String]) -> SessionEnd {
        guard !copies.isEmpty else { return .passed }
        let pipeline: DocumentPipeline
        let folder: BuildDirectory?
        do {
            guard let made = try build.checkingPipeline(environment: environment, output: output, sealRequired: false) else {
                return .notChecked
            }
            (pipeline, folder) = made
        } catch {
            output.error(error.description)
            return .notChecked
        }
        defer { folder?.remove() }
        let appleAvailable = appleAvailable
        let terminal = TerminalReport(style: style)
        let reports = DocumentBatch(pipeline: pipeline, width: width).run(copies) { outcome, seconds in
            FileReport(outcome, duration: seconds, appleAvailable: appleAvailable)
        }
        var failed = false
        for report in reports {
            let problems = StudentCopyCheck.problems(report)
            if problems.isEmpty {
                output.out("checked \(report.path): it compiles and every exercise fails until it is solved")
            } else {
                failed = true
                output.out(terminal.render(report))
                output.diagnostic(problems)
            }
        }
        return failed ? .failed : .passed
    }
}
