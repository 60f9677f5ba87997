import Foundation

/// Runs one lab through every stage: parse, generate, build, run each scenario, verify.
struct LabPipeline: Sendable {
    let compiler: SwiftCompiler
    let environment: [String: String]
    /// Only these scenarios (all when empty).
    var scenarioFilter: [String] = []
    var timeoutOverride: Double? = nil
    var outputLimit = 1 << 20
    /// Runs per scenario (`--repeat`); more than one also checks that every run printed the same.
    var repeats = 1
    var appleAvailable = Platform.hasSwiftUI
    /// Where built executables are kept between runs; nil with `--no-cache`.
    var cache: CompileCache? = nil
    /// `swiftc --version`, part of every cache key; set together with `cache`.
    var compilerVersion: CompilerVersionLookup? = nil
    /// Shared by every lab of a run, so swiftc and scenarios together stay within `--jobs`.
    var limiter = JobLimiter(slots: ProcessInfo.processInfo.activeProcessorCount)

    func run(path: String) -> LabOutcome {
        let bytes: [UInt8]
        do {
            bytes = try LabFile.read(path)
        } catch {
            return LabOutcome(path: path, lab: nil, status: .invalid(error))
        }
        let lab: Lab
        do {
            lab = try LabParser.parse(bytes: bytes, path: path)
        } catch {
            return LabOutcome(path: path, lab: nil, status: .invalid(error), originalBytes: bytes)
        }
        return run(lab, originalBytes: bytes)
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
        let program = ProgramGenerator.generate(lab)
        func key(_ version: String) -> String {
            CompileCache.key(source: program, compilerPath: compiler.path, compilerVersion: version,
                             arguments: compiler.arguments(for: lab))
        }
        if let cache, let version = compilerVersion?.known, let cached = cache.lookup(key(version)) {
            var result = runScenarios(lab, executable: cached, outcome: outcome)
            result.compilerRan = false
            return result
        }
        let directory: BuildDirectory
        do {
            directory = try BuildDirectory.makePrivate()
        } catch {
            return outcome(.toolFailed(error.description))
        }
        defer { directory.remove() }

        let build: BuildOutcome
        do {
            build = try compiler.build(lab, program: program, in: directory.path, environment: environment, limiter: limiter)
        } catch {
            return outcome(.toolFailed(Self.toolFailure(error)))
        }
        var result: LabOutcome
        if let built = build.executable {
            // Compile errors are never cached: only a successful build is stored.
            let executable = compilerVersion.flatMap { cache?.store(key($0.wait()), executable: built) } ?? built
            result = runScenarios(lab, executable: executable, outcome: outcome)
        } else {
            let errors = build.diagnostics.filter { $0.severity != .warning }
            result = outcome(.compileFailed(errors: DiagnosticOrder.inLabOrder(errors, labPath: lab.path), rawOutput: build.rawOutput))
        }
        result.warnings = build.diagnostics.filter { $0.severity == .warning }
        result.buildDuration = build.duration
        return result
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
enum Platform {
    /// Apple-only cells compile where SwiftUI does; the tool is built on the same platform as the labs.
    #if canImport(SwiftUI)
    static let hasSwiftUI = true
    #else
    static let hasSwiftUI = false
    #endif
}
