import Foundation
import LabRunner

/// `labrunner run PATH…`: wires the options into the pipeline, and its reports to the console and files.
struct RunCommand: Command {
    static let declarations = RunOptions.declarations
    let options: RunOptions
    /// Another writer of the run's report (`html`'s pages); false when it could not write.
    var writeSite: ((RunReport) -> Bool)? = nil
    /// Why that writer could not write for these labs (every lab, before the shard is chosen), or nil; asked before anything runs.
    var checkSite: (([String]) -> String?)? = nil

    init(arguments: [String]) throws(UsageError) {
        options = try RunOptions(arguments: arguments)
    }

    /// This shard's labs and the pipeline that runs them; nil after saying why not (a path that
    /// is not there, a report or page that would replace a lab, an unknown scenario, no swiftc).
    private func prepare(configs: TreeConfigSearch, environment: [String: String]) -> (paths: [String], pipeline: DocumentPipeline)? {
        var labPaths: [String]
        var sampleLines: [String: Int] = [:]
        do {
            (labPaths, sampleLines) = try DocumentFile.expandWithLines(options.paths, excluding: configs.excludes)
        } catch {
            Console.diagnostic([error.description])
            return nil
        }
        // Before anything runs: a report must not replace a lab (of any shard) or be a folder.
        let reports = [("--junit", options.junitPath), ("--json", options.jsonPath)].compactMap { option, path in path.map { (option, $0) } }
        if let problem = OutputPaths.problem(outputs: reports, inputs: labPaths) ?? checkSite?(labPaths) {
            Console.error(problem)
            return nil
        }
        do {
            labPaths = try DocumentSelection.select(labPaths, scenarios: options.scenarios, shard: options.shard,
                                               bareLanguage: options.bareLanguage, configs: configs)
        } catch {
            Console.error(error.description)
            return nil
        }
        var pipeline: DocumentPipeline
        do {
            pipeline = try options.makePipeline(environment: environment)
        } catch {
            Console.error(error.description)
            return nil
        }
        pipeline.sampleLines = sampleLines
        return (labPaths, pipeline)
    }

    /// Runs the labs in parallel (updating them with `--update`), printing each report in path
    /// order under the progress line.
    private func check(_ labPaths: [String], pipeline: DocumentPipeline, terminal: TerminalReport, appleAvailable: Bool,
                       environment: [String: String]) -> [FileReport] {
        let progress = ProgressLine(enabled: ProgressLine.isWanted(environment: environment), total: labPaths.count)
        let update = options.update
        let first = LockedValue(true)
        let files = DocumentBatch(pipeline: pipeline, width: options.jobs).run(
            labPaths,
            started: { progress.started($0) },
            finish: { outcome, seconds in
                let written = update ? FileUpdate.apply(outcome, appleAvailable: appleAvailable) : nil
                progress.finished(outcome.path)
                return FileReport(outcome, update: written, duration: seconds, appleAvailable: appleAvailable, updateRequested: update)
            },
            deliver: { [terminal] file in
                let isFirst = first.withLock { value in defer { value = false }; return value }
                progress.printAbove((isFirst ? [] : [""]) + terminal.render(file))
            })
        progress.finish()
        return files
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let configs = TreeConfigStep.search()
        guard let (labPaths, selected) = prepare(configs: configs, environment: environment) else { return ExitStatus.usage }
        var pipeline = selected
        // Removed at the end (and by the interrupt handler, like every build folder).
        var runFolder: BuildDirectory? = nil
        if !options.useCache {
            do { runFolder = try BuildDirectory.makePrivate() } catch {
                Console.error("--no-cache: \(error.description)")
                return ExitStatus.usage
            }
        }
        defer { runFolder?.remove() }
        pipeline.moduleCacheWithoutCache = runFolder.map { $0.path + "/module-cache" }
        var terminal = TerminalReport(style: .forStandardOutput(environment: environment))
        terminal.verbose = options.verbose
        if options.verbose { Console.out(terminal.style.dim("swiftc: \(pipeline.compiler.path), jobs: \(options.jobs)")) }
        guard PackageStep.prepareAll(options, paths: labPaths, configs: configs, pipeline: &pipeline,
                                     runFolder: runFolder?.path, environment: environment) else { return ExitStatus.usage }

        let appleAvailable = Platform.hasSwiftUI
        let files = check(labPaths, pipeline: pipeline, terminal: terminal, appleAvailable: appleAvailable, environment: environment)

        let run = RunReport(files: files, appleAvailable: appleAvailable)
        if labPaths.isEmpty { Console.out("no labs in this shard") }
        if environment["GITHUB_ACTIONS"] == "true" { Console.out(GitHubAnnotations.lines(run)) }
        if !writeReports(run) || writeSite?(run) == false { return ExitStatus.usage }
        Console.out(terminal.closing(run.totals))
        switch run.verdict {
        // A file that could not be checked (not a lab, swiftc broken, an unknown --scenario) is
        // the input's or the setup's fault, not the lab's: status 2, so CI tells "fix the lab" (1)
        // from "fix the setup" (2).
        case .notChecked: return ExitStatus.usage
        case .failed: return ExitStatus.failed
        case .passed: return ExitStatus.success
        }
    }

    /// `--junit FILE` and `--json FILE`; false (after saying why) when one cannot be written.
    private func writeReports(_ run: RunReport) -> Bool {
        var reports: [(String, String)] = []
        if let path = options.junitPath { reports.append((path, JUnitReport.xml(run))) }
        if let path = options.jsonPath {
            do throws(JSONText.Failure) { reports.append((path, try JSONReport.json(run))) } catch {
                Console.error(error.description + "; \(path) not written")
                return false
            }
        }
        for (path, text) in reports {
            do throws(AtomicFile.WriteError) {
                try AtomicFile.write(Array(text.utf8), to: path)
            } catch {
                Console.error(error.description)
                return false
            }
        }
        return true
    }
}
