import Foundation

/// One `labrunner run` (and `html`): the files chosen, packages built, every file checked in
/// parallel with its report said in path order, then the reports and pages written. Driven by a
/// `RunConfiguration`; says everything through its `SessionOutput`, so it runs in-process in tests.
package struct RunSession: Sendable {
    package let configuration: RunConfiguration
    package let environment: [String: String]
    package let output: any SessionOutput
    /// The terminal report's style: colors only on a terminal, which the caller decides.
    package var style = Style.plain
    /// `html -o DIR`: also write a notebook page per file and an index into this folder.
    package var siteDirectory: String? = nil
    /// `html --ipynb`: each lab's Jupyter notebook beside its page.
    package var notebooks = false
    /// `html --student` or `--key`: whom the pages of an instructor's lab are for; without
    /// either, `html` refuses a lab holding solutions or hidden checks.
    package var audience: SiteAudience? = nil
    package var appleAvailable = Platform.hasSwiftUI

    package init(configuration: RunConfiguration, environment: [String: String], output: any SessionOutput) {
        self.configuration = configuration
        self.environment = environment
        self.output = output
    }

    /// Runs the whole session; how it ended.
    package func run() -> SessionEnd {
        let configs = TreeConfigSearch { [output] in output.sayWarning($0) }
        guard let (paths, site, selected) = prepare(configs: configs) else { return .notChecked }
        var pipeline = selected
        // Removed at the end (and by the interrupt handler, like every build folder).
        var runFolder: BuildDirectory? = nil
        if !configuration.useCache {
            do { runFolder = try BuildDirectory.makePrivate() } catch {
                output.error("--no-cache: \(error.description)")
                return .notChecked
            }
        }
        defer { runFolder?.remove() }
        pipeline.moduleCacheWithoutCache = runFolder.map { $0.path + "/module-cache" }
        var terminal = TerminalReport(style: style)
        terminal.verbose = configuration.verbose
        if configuration.verbose { output.out(style.dim("swiftc: \(pipeline.compiler.path), jobs: \(configuration.jobs)")) }
        let packages = PackagePreparation(configuration: configuration, environment: environment, output: output)
        guard packages.prepareAll(paths: paths, configs: configs, pipeline: &pipeline, runFolder: runFolder?.path) else { return .notChecked }

        let run = RunReport(files: check(paths, pipeline: pipeline, terminal: terminal), appleAvailable: appleAvailable)
        if paths.isEmpty { output.out("no labs in this shard") }
        if environment["GITHUB_ACTIONS"] == "true" { output.out(GitHubAnnotations.lines(run)) }
        guard writeReports(run), site.map({ write(run, site: $0) }) ?? true else { return .notChecked }
        output.out(terminal.closing(run.totals))
        switch run.verdict {
        // A file that could not be checked (not a lab, swiftc broken, an unknown --scenario) is
        // the input's or the setup's fault, not the lab's: status 2, so CI tells "fix the lab" (1)
        // from "fix the setup" (2).
        case .notChecked: return .notChecked
        case .failed: return .failed
        case .passed: return .passed
        }
    }

    /// This shard's files, the site they go to (`html`) and the pipeline that runs them; nil
    /// after saying why not (a path that is not there, a report or page that would replace a
    /// file, an unknown scenario, no swiftc).
    private func prepare(configs: TreeConfigSearch) -> (paths: [String], site: SiteWriter?, pipeline: DocumentPipeline)? {
        var paths: [String]
        var sampleLines: [String: Int] = [:]
        do {
            (paths, sampleLines) = try DocumentFile.expandWithLines(configuration.paths, excluding: configs.excludes)
        } catch {
            output.diagnostic([error.description])
            return nil
        }
        // Before anything runs: a report must not replace a file (of any shard) or be a folder;
        // the pages are named from every file, so the shards of one site agree.
        let reports = [("--junit", configuration.junitPath), ("--json", configuration.jsonPath)]
            .compactMap { option, path in path.map { (option, $0) } }
        // The folders named on the command line root the site (`SiteWriter`).
        let folders = configuration.paths.filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
        }
        var site = siteDirectory.map { SiteWriter(directory: $0, labs: paths, notebooks: notebooks, folders: folders) }
        site?.audience = audience
        if let problem = OutputPaths.problem(outputs: reports, inputs: paths) ?? site?.problem() {
            output.error(problem)
            return nil
        }
        // Before anything runs: a key's answers are published only when asked for.
        let loader = DocumentLoader(configs: configs, bareLanguage: configuration.bareLanguage, kind: configuration.documentKind)
        if site != nil, audience == nil, let refusal = SiteAudience.refusal(paths, loader: loader, notebooks: notebooks) {
            output.diagnostic([refusal])
            return nil
        }
        do {
            paths = try DocumentSelection.select(paths, scenarios: configuration.scenarios, shard: configuration.shard,
                                                 bareLanguage: configuration.bareLanguage, configs: configs)
        } catch {
            output.error(error.description)
            return nil
        }
        var pipeline: DocumentPipeline
        do {
            pipeline = try configuration.makePipeline(environment: environment, output: output)
        } catch {
            output.error(error.description)
            return nil
        }
        pipeline.sampleLines = sampleLines
        if site != nil, audience == .student {
            pipeline.asRun = SiteAudience.handout(bareLanguage: configuration.bareLanguage, kind: configuration.documentKind)
        }
        return (paths, site, pipeline)
    }

    /// Runs the files in parallel (updating them with `--update`), saying each report in path
    /// order as the files finish.
    private func check(_ paths: [String], pipeline: DocumentPipeline, terminal: TerminalReport) -> [FileReport] {
        let update = configuration.update
        let first = LockedValue(true)
        output.progress(.begin(total: paths.count))
        let files = DocumentBatch(pipeline: pipeline, width: configuration.jobs).run(
            paths,
            started: { [output] in output.progress(.started($0)) },
            finish: { [output, appleAvailable] outcome, seconds in
                let written = update ? FileUpdate.apply(outcome, appleAvailable: appleAvailable) : nil
                output.progress(.finished(outcome.path))
                return FileReport(outcome, update: written, duration: seconds, appleAvailable: appleAvailable, updateRequested: update)
            },
            deliver: { [output] file in
                let isFirst = first.withLock { value in defer { value = false }; return value }
                output.out((isFirst ? [] : [""]) + terminal.render(file))
            })
        output.progress(.end)
        return files
    }
}
