import Foundation

/// Runs one lab through every stage: parse, generate, build, run each scenario, verify.
package struct LabPipeline: Sendable {
    let compiler: SwiftCompiler
    let environment: [String: String]
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
    /// Run labs without output blocks too (`--update` fills them in); else they are only compiled.
    package var runWithoutTranscripts = false
    /// Where swiftc keeps clang's module cache when there is no compile cache (`--no-cache`): one
    /// folder for the whole run, so Foundation's modules are built once, not once per lab.
    package var moduleCacheWithoutCache: String? = nil
    /// How to read fences without an info string (`--bare swift`).
    package var bareLanguage: String? = nil
    /// Shared by every lab of a run, so swiftc and scenarios together stay within `--jobs`.
    package var limiter = JobLimiter(slots: ProcessInfo.processInfo.activeProcessorCount)

    /// Every outcome of one lab file: its program's, then one per `standalone`, `compile_fail` and
    /// `no_run` cell, in document order.
    package init(compiler: SwiftCompiler, environment: [String: String]) {
        self.compiler = compiler
        self.environment = environment
    }

    package func run(path: String) -> [LabOutcome] {
        let bytes: [UInt8]
        do {
            bytes = try LabFile.read(path)
        } catch {
            return [LabOutcome(path: path, lab: nil, status: .invalid(error))]
        }
        let lab: Lab
        do {
            lab = try LabParser.parse(bytes: bytes, path: path, bareLanguage: bareLanguage)
        } catch {
            return [LabOutcome(path: path, lab: nil, status: .invalid(error), originalBytes: bytes)]
        }
        return runAll(lab, originalBytes: bytes)
    }

    func runAll(_ lab: Lab, originalBytes: [UInt8]) -> [LabOutcome] {
        let apart = lab.cellsBuiltApart.filter { appleAvailable || !$0.needsApple }
        var outcomes = [run(lab, originalBytes: originalBytes)]
        if case .nothingToRun = outcomes[0].status, !apart.isEmpty { outcomes = [] }
        let parts = LockedValue<[LabOutcome?]>(Array(repeating: nil, count: apart.count))
        Parallel.forEach(apart.count, width: apart.count) { index in
            let cell = apart[index]
            var outcome = cell.role == .standalone
                ? run(lab.program(for: cell), originalBytes: originalBytes)
                : check(cell, of: lab, originalBytes: originalBytes)
            outcome.part = cell.role == .standalone ? .standalone(line: cell.line)
                : .check(line: cell.line, attribute: cell.role.attribute!.rawValue)
            parts.withLock { $0[index] = outcome }
        }
        return outcomes + parts.withLock { $0.map { $0! } }
    }

    func run(_ lab: Lab, originalBytes: [UInt8]) -> LabOutcome {
        func outcome(_ status: LabOutcome.Status) -> LabOutcome {
            LabOutcome(path: lab.path, lab: lab, status: status, originalBytes: originalBytes)
        }
        if let unknown = scenarioFilter.first(where: { !lab.scenarios.contains($0) }) {
            return outcome(.toolFailed("--scenario \(unknown): the lab declares \(lab.scenarios.joined(separator: ", "))"))
        }
        guard lab.compiledCells.contains(where: { appleAvailable || !$0.needsApple }) else {
            return outcome(.nothingToRun)
        }
        let unbalanced = CellBracketCheck.diagnostics(for: lab)
        if !unbalanced.isEmpty { return outcome(.compileFailed(errors: unbalanced, rawOutput: "")) }
        let compileOnly = !lab.hasTranscripts && !runWithoutTranscripts
        let program = ProgramGenerator.generate(lab)
        func key(_ version: String) -> String {
            compiler.cacheKey(for: lab, program: program, compilerVersion: version, environment: environment)
        }
        if let cache, let version = compilerVersion?.known, let cached = cache.lookup(key(version)) {
            var result = compileOnly ? outcome(.compiledOnly) : runScenarios(lab, executable: cached, outcome: outcome)
            result.compilerRan = false
            return result
        }
        return withBuild(lab, source: program, checkOnly: false, failed: { outcome(.toolFailed($0)) }) { build, _ in
            if let built = build.executable {
                // Compile errors are never cached: only a successful build is stored.
                let executable = compilerVersion.flatMap { cache?.store(key($0.wait()), executable: built) } ?? built
                return compileOnly ? outcome(.compiledOnly) : runScenarios(lab, executable: executable, outcome: outcome)
            }
            if !strict, case let missing = MissingModule.find(in: build.diagnostics, cells: lab.compiledCells), !missing.isEmpty {
                return outcome(.missingModules(missing))
            }
            let errors = build.diagnostics.filter { $0.severity != .warning }
            return outcome(.compileFailed(errors: DiagnosticOrder.inLabOrder(errors, labPath: lab.path), rawOutput: build.rawOutput))
        }
    }

    /// Builds a `compile_fail` or `no_run` cell after the program cells before it, without running
    /// it; what swiftc said is cached like an executable.
    private func check(_ cell: Cell, of lab: Lab, originalBytes: [UInt8]) -> LabOutcome {
        let program = lab.program(for: cell)
        func outcome(_ status: LabOutcome.Status) -> LabOutcome {
            LabOutcome(path: lab.path, lab: program, status: status, originalBytes: originalBytes)
        }
        let unbalanced = CellBracketCheck.diagnostics(for: program)
        if !unbalanced.isEmpty {
            let build = BuildOutcome(executable: nil, diagnostics: unbalanced, rawOutput: "", duration: 0)
            return verdict(cell, of: lab, program: program, build: build, outcome: outcome)
        }
        let source = ProgramGenerator.generate(program)
        func key(_ version: String) -> String {
            compiler.cacheKey(for: program, program: source, compilerVersion: version, environment: environment, checkOnly: true)
        }
        if let cache, let version = compilerVersion?.known, let cached = cache.lookup(key(version)),
           let bytes = CacheFiles.readFile(cached)?.bytes, let record = CheckRecord(decoding: bytes) {
            var result = verdict(cell, of: lab, program: program, build: record.outcome(for: program), outcome: outcome)
            result.compilerRan = false
            return result
        }
        return withBuild(program, source: source, checkOnly: true, failed: { outcome(.toolFailed($0)) }) { build, folder in
            if let cache, let version = compilerVersion?.wait() {
                let recordPath = folder + "/check"
                if CacheFiles.writeNew(recordPath, CheckRecord(build, folder: folder).encoded, mode: 0o600) {
                    _ = cache.store(key(version), executable: recordPath)
                }
            }
            return verdict(cell, of: lab, program: program, build: build, outcome: outcome)
        }
    }

    /// Runs swiftc on `source` in a private build folder and hands what it said, and the folder, to
    /// `use` while the folder still exists (a program runs from there when it is not cached).
    /// Warnings and the build time go on the outcome `use` returns.
    private func withBuild(_ lab: Lab, source: String, checkOnly: Bool, failed: (String) -> LabOutcome,
                           _ use: (BuildOutcome, String) -> LabOutcome) -> LabOutcome {
        let directory: BuildDirectory
        do {
            directory = try BuildDirectory.makePrivate()
        } catch {
            return failed(error.description)
        }
        defer { directory.remove() }
        let build: BuildOutcome
        do {
            let moduleCache = cache.flatMap { $0.prepareLayout() ? $0.modulesFolder : nil } ?? moduleCacheWithoutCache
            build = try compiler.build(lab, program: source, in: directory.path, environment: environment,
                                       moduleCache: moduleCache, limiter: limiter, checkOnly: checkOnly)
        } catch {
            return failed(Self.toolFailure(error))
        }
        var result = use(build, directory.path)
        result.warnings = build.diagnostics.filter { $0.severity == .warning }
        result.buildDuration = build.duration
        return result
    }

    private func verdict(_ cell: Cell, of lab: Lab, program: Lab, build: BuildOutcome,
                         outcome: (LabOutcome.Status) -> LabOutcome) -> LabOutcome {
        let missing = MissingModule.find(in: build.diagnostics, cells: program.compiledCells)
        return outcome(!strict && !missing.isEmpty ? .missingModules(missing)
                       : .checked(CompileCheck(cell: cell, build: build, labPath: lab.path)))
    }

    /// The error's one line, then the last lines swiftc printed (at most 5, long lines cut), so
    /// a broken compiler is named without pages of its stack dump.
    static func toolFailure(_ error: BuildError) -> String {
        let tail = ReportFacts.tail(of: error.output, count: 5)
        return ([error.description] + (tail.isEmpty ? [] : ["swiftc printed:"] + tail.map { "  " + $0 }))
            .joined(separator: "\n")
    }

    private func runScenarios(_ lab: Lab, executable: String, outcome: (LabOutcome.Status) -> LabOutcome) -> LabOutcome {
        let timeout = timeoutOverride ?? lab.settings.timeout
        let scenarios = scenarioFilter.isEmpty ? lab.scenarios : lab.scenarios.filter(scenarioFilter.contains)
        let runner = ScenarioRunner(executable: executable, timeout: timeout, environment: environment,
                                    outputLimit: outputLimit, limiter: limiter)
        let verdicts = zip(scenarios, runner.runAll(scenarios, repeats: repeats)).map { scenario, results in
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
}

/// Facts about the platform the tool was built for.
package enum Platform {
    /// Apple-only cells compile where SwiftUI does; the tool is built on the same platform as the labs.
    #if canImport(SwiftUI)
    static let hasSwiftUI = true
    #else
    package static let hasSwiftUI = false
    #endif
}
