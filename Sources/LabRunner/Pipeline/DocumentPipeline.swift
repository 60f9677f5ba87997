import Foundation
import LabRunnerSandbox

/// Runs one lab through every stage: parse, generate, build, run each scenario, verify.
package struct DocumentPipeline: Sendable {
    package let compiler: SwiftCompiler
    package let environment: [String: String]
    /// Only these scenarios (all when empty).
    package var scenarioFilter: [String] = []
    package var timeoutOverride: Double? = nil
    var outputLimit = 1 << 20
    /// Runs per scenario (`--repeat`); more than one also checks that every run printed the same.
    package var repeats = 1
    var appleAvailable = Platform.hasSwiftUI
    /// Where built executables are kept between runs; nil with `--no-cache`.
    package var cache: CompileCache? = nil
    /// `swiftc --version`, part of every cache key; set together with `cache`.
    package var compilerVersion: CompilerVersionLookup? = nil
    /// With `--strict`, a lab importing a module this machine lacks fails instead of being skipped.
    package var strict = false
    /// Guide samples checked less than this rung fail (`--min-rung`).
    package var minimumRung: CheckRung? = nil
    /// Run labs without output blocks too (`--update` fills them in); else they are only compiled.
    package var runWithoutTranscripts = false
    /// Where swiftc keeps clang's module cache when there is no compile cache (`--no-cache`): one
    /// folder for the whole run, so Foundation's modules are built once, not once per lab.
    package var moduleCacheWithoutCache: String? = nil
    /// How to read fences without an info string (`--bare swift`).
    package var bareLanguage: String? = nil
    /// `--as guide|lab`: how to read every file, whatever the rule says.
    package var documentKind: DocumentKind? = nil
    /// `guide.md:42` on the command line: only the sample at that line, per path.
    package var sampleLines: [String: Int] = [:]
    /// The package every file's samples and labs compile against (`--package`), built beforehand.
    package var packageModules: PackageModules? = nil
    /// Packages `.labrunner` files name (`package:`), built beforehand, by absolute path.
    package var configPackages: [String: PackageModules] = [:]
    /// Finds each file's `.labrunner` (nil: none is read).
    package var configs: TreeConfigSearch? = nil
    /// `--swiftc-flags`: added to every file's own flags as it is loaded.
    package var swiftcFlags: [String] = []
    /// What each lab is run as instead of itself (`html --student`: its students' copy); nil: as written.
    package var asRun: (@Sendable (Lab, TreeConfig?) throws(LabError) -> Lab)? = nil
    /// Shared by every lab of a run, so swiftc and scenarios together stay within `--jobs`.
    package var limiter = JobLimiter(slots: ProcessInfo.processInfo.activeProcessorCount)
    /// Builds, caches and runs for the pipeline; nil means swiftc, the compile cache and real
    /// processes as the properties above set them up. Tests of the pipeline's decisions put a
    /// recording toolchain here.
    var toolchain: (any LabToolchain)? = nil
    /// How a lab's scenario runs are sealed off (`Sandbox`); nil with `--no-sandbox` or where the
    /// platform has none. Guide samples run unsealed.
    package var sandbox: Sandbox? = nil

    private var tools: any LabToolchain { tools(sandbox: nil) }

    private func tools(sandbox: Sandbox?) -> any LabToolchain {
        toolchain ?? SwiftToolchain(compiler: compiler, environment: environment, cache: cache,
                                    compilerVersion: compilerVersion, moduleCacheWithoutCache: moduleCacheWithoutCache,
                                    limiter: limiter, outputLimit: outputLimit, package: packageModules, sandbox: sandbox)
    }

    /// Every outcome of one lab file: its program's, then one per `standalone`, `compile_fail` and
    /// `no_run` cell, in document order.
    package init(compiler: SwiftCompiler, environment: [String: String]) {
        self.compiler = compiler
        self.environment = environment
    }

    /// Checks one file. `line`: only the guide's sample at that line (`guide.md:42`).
    package func run(path: String, line lineArgument: Int? = nil) -> FileOutcome {
        let line = lineArgument ?? sampleLines[path]
        var pipeline = self
        var loader = DocumentLoader(configs: configs, bareLanguage: bareLanguage, kind: documentKind)
        loader.swiftcFlags = swiftcFlags
        do throws(LoadError) {
            return try loader.load(path) { written, config throws(LabError) in
                let lab = try pipeline.asRun.map { asRun throws(LabError) in try asRun(written, config) } ?? written
                if packageModules == nil, let package = config?.package { pipeline.packageModules = configPackages[package] }
                if lab.isGuide {
                    // SwiftPM's description of the package, when the run has one, over the manifest read as text.
                    let source = pipeline.packageModules?.fileModules.module(forFile: lab.path)
                    let plan = try GuidePlan(lab, appleAvailable: appleAvailable, package: pipeline.packageModules?.packagePath,
                                             packageLibraries: pipeline.packageModules?.targets ?? [],
                                             sourceModule: source?.name ?? SourceFileTarget.module(forFile: lab.path),
                                             moduleDependencies: source?.dependencies ?? [])
                    var only: Int? = nil
                    if let line { only = try plan.sample(at: line) }
                    return FileOutcome(path: path, content: .guide(pipeline.runGuide(plan, only: only)))
                }
                if let line { throw LabError(lab.location(line: line), .lineInLab(why: lab.kind.reason)) }
                return FileOutcome(path: path, content: .lab(lab, parts: pipeline.runAll(lab)))
            }
        } catch {
            return FileOutcome(path: path, failure: error)
        }
    }

    func runGuide(_ plan: GuidePlan, only: Int?) -> GuideOutcome {
        switch GuideRunner(pipeline: self, plan: plan, tools: tools, only: only).run() {
        case .success(let samples):
            GuideOutcome(plan: plan, samples: samples.map { sample in
                var verdict = strict ? sample.verdict.strict : sample.verdict
                if let minimumRung { verdict = verdict.requiring(minimumRung) }
                return SampleOutcome(line: sample.line, index: sample.index, verdict: verdict, compilerRan: sample.compilerRan)
            }, toolFailure: nil)
        case .failure(let error): GuideOutcome(plan: plan, samples: [], toolFailure: .build(error))
        }
    }

    func runAll(_ labAsWritten: Lab) -> [LabOutcome] {
        // An instructor's lab runs as its key (`-D SOLUTION`); each exercise's stub is checked too.
        let lab = labAsWritten.withSolutions
        let apart = lab.cellsBuiltApart.filter { appleAvailable || !$0.needsApple }
        var outcomes = [run(lab)]
        if case .ran = outcomes[0].status { outcomes[0].exerciseChecks = checkStubs(of: lab) }
        if case .nothingToRun = outcomes[0].status, !apart.isEmpty { outcomes = [] }
        let parts = Parallel.map(apart.count, width: apart.count) { index in
            let cell = apart[index]
            var outcome: LabOutcome
            if let role = CheckRole(cell.role) {
                outcome = check(cell, of: lab)
                outcome.part = .check(line: cell.line, role: role)
            } else {
                outcome = run(lab.program(for: cell))
                outcome.part = .standalone(line: cell.line)
            }
            return outcome
        }
        return outcomes + parts
    }

    func run(_ lab: Lab) -> LabOutcome {
        func outcome(_ status: LabOutcome.Status) -> LabOutcome {
            LabOutcome(path: lab.path, lab: lab, status: status)
        }
        guard lab.compiledCells.contains(where: { appleAvailable || !$0.needsApple }) else {
            return outcome(.nothingToRun)
        }
        let unbalanced = CellBracketCheck.diagnostics(for: lab)
        if !unbalanced.isEmpty { return outcome(.compileFailed(errors: unbalanced, rawOutput: "")) }
        let compileOnly = !lab.hasTranscripts && !runWithoutTranscripts
        // Scenarios no lab of the run declares are refused before any build
        // (`DocumentSelection`); a lab that declares none of the chosen ones has nothing to run.
        if !compileOnly && selectedScenarios(of: lab).isEmpty { return outcome(.ran([])) }
        let program = LabProgram(lab: lab, source: ProgramGenerator.generate(lab), checkOnly: false)
        let tools = self.tools
        func fromCache(_ cached: String) -> LabOutcome {
            var result = compileOnly ? outcome(.compiledOnly) : runScenarios(lab, executable: cached, outcome: outcome)
            result.compilerRan = false
            return result
        }
        if let cached = tools.cachedExecutable(program) { return fromCache(cached) }
        return tools.exclusively(program) { lock in
            // Another labrunner may have built it while this one waited for the lock.
            if let cached = tools.cachedExecutable(program) {
                lock.release()
                return fromCache(cached)
            }
            return withBuild(program, failed: { outcome(.toolFailed(.build($0))) }) { build, _ in
                if let built = build.executable {
                    // Compile errors are never cached: only a successful build is stored.
                    let executable = tools.storeExecutable(program, builtAt: built) ?? built
                    lock.release()
                    return compileOnly ? outcome(.compiledOnly) : runScenarios(lab, executable: executable, outcome: outcome)
                }
                if !strict, case let missing = MissingModule.find(in: build.diagnostics, cells: lab.compiledCells), !missing.isEmpty {
                    return outcome(.missingModules(missing))
                }
                let errors = build.diagnostics.filter { $0.severity != .warning }
                return outcome(.compileFailed(errors: DiagnosticOrder.inLabOrder(errors, labPath: lab.path), rawOutput: build.rawOutput))
            }
        }
    }

    /// Builds a `compile_fail` or `no_run` cell after the program cells before it, without running
    /// it; what swiftc said is cached like an executable.
    private func check(_ cell: Cell, of lab: Lab) -> LabOutcome {
        let program = lab.program(for: cell)
        func outcome(_ status: LabOutcome.Status) -> LabOutcome {
            LabOutcome(path: lab.path, lab: program, status: status)
        }
        let unbalanced = CellBracketCheck.diagnostics(for: program)
        if !unbalanced.isEmpty {
            let build = BuildOutcome(executable: nil, diagnostics: unbalanced, rawOutput: "", duration: 0)
            return verdict(cell, of: lab, program: program, build: build, outcome: outcome)
        }
        let check = LabProgram(lab: program, source: ProgramGenerator.generate(program), checkOnly: true)
        let tools = self.tools
        func fromCache(_ cached: BuildOutcome) -> LabOutcome {
            var result = verdict(cell, of: lab, program: program, build: cached, outcome: outcome)
            result.compilerRan = false
            return result
        }
        if let cached = tools.cachedCheck(check) { return fromCache(cached) }
        return tools.exclusively(check) { _ in
            if let cached = tools.cachedCheck(check) { return fromCache(cached) }
            return withBuild(check, failed: { outcome(.toolFailed(.build($0))) }) { build, folder in
                tools.storeCheck(check, build: build, folder: folder)
                return verdict(cell, of: lab, program: program, build: build, outcome: outcome)
            }
        }
    }

    /// Builds `program` and hands what swiftc said, and the build folder, to `use` while the folder
    /// still exists (a program runs from there when it is not cached). Warnings and the build time
    /// go on the outcome `use` returns; a toolchain failure becomes `failed`'s outcome.
    private func withBuild(_ program: LabProgram, failed: (BuildError) -> LabOutcome,
                           _ use: (BuildOutcome, String) -> LabOutcome) -> LabOutcome {
        do {
            return try tools.build(program) { build, folder in
                var result = use(build, folder)
                result.warnings = build.diagnostics.filter { $0.severity == .warning }
                result.buildDuration = build.duration
                return result
            }
        } catch {
            return failed(error)
        }
    }

    private func verdict(_ cell: Cell, of lab: Lab, program: Lab, build: BuildOutcome,
                         outcome: (LabOutcome.Status) -> LabOutcome) -> LabOutcome {
        let missing = MissingModule.find(in: build.diagnostics, cells: program.compiledCells)
        return outcome(!strict && !missing.isEmpty ? .missingModules(missing)
                       : .checked(CompileCheck(cell: cell, build: build, labPath: lab.path)))
    }

    private func runScenarios(_ lab: Lab, executable: String, outcome: (LabOutcome.Status) -> LabOutcome) -> LabOutcome {
        let timeout = timeoutOverride ?? lab.settings.timeout
        let scenarios = selectedScenarios(of: lab)
        var sandbox = self.sandbox
        sandbox?.network = lab.settings.network
        let results = tools(sandbox: sandbox).runScenarios(scenarios, executable: executable, timeout: timeout, repeats: repeats)
        let verdicts = zip(scenarios, results).map { scenario, results in
            var runs: [ScenarioRun] = []
            for result in results {
                switch result {
                case .success(let run): runs.append(run)
                case .failure(let error): return ScenarioVerdict(scenario: scenario, launchFailure: error.description)
                }
            }
            var verdict = ScenarioVerdict(lab: lab, run: runs[0], timeout: timeout, outputLimit: outputLimit,
                                          appleAvailable: appleAvailable)
            verdict.flakiness = Flakiness.compare(runs, lab: lab)
            return verdict
        }
        return outcome(.ran(verdicts))
    }

    /// The lab's scenarios that `--scenario` chose, in the lab's order (all without the option).
    private func selectedScenarios(of lab: Lab) -> [String] {
        scenarioFilter.isEmpty ? lab.scenarios : lab.scenarios.filter(scenarioFilter.contains)
    }
}
