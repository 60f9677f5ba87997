import Foundation

/// How a guide's programs are built: through the compile cache, failed builds and crashes kept
/// like passing ones, so an unchanged guide is checked again without swiftc.
extension GuideRunner {
    /// A batch's build, or for a sample whose output is checked, its run's verdict.
    enum BatchBuild {
        case built(BuildOutcome)
        case ran(SampleVerdict)
    }

    /// Builds `source` (check only, unless `running`: then an executable, run from the cache or
    /// the build folder), from the cache when it has it.
    func build(_ source: String, extraArguments: [String], running: Int?, compiled: inout Bool) throws(BuildError) -> BatchBuild {
        var check = LabProgram(lab: buildLab, source: source, checkOnly: true)
        check.extraArguments = extraArguments
        check.crashIsVerdict = true
        let tools = self.tools
        guard let running else {
            if let cached = tools.cachedCheck(check) { return .built(cached) }
            let build = try tools.build(check) { build, folder in
                tools.storeCheck(check, build: build, folder: folder)
                return build
            }
            compiled = true
            return .built(build)
        }
        var program = LabProgram(lab: buildLab, source: source, checkOnly: false)
        program.extraArguments = extraArguments
        program.crashIsVerdict = true
        if let cached = tools.cachedExecutable(program) { return .ran(verdict(ofRunning: running, executable: cached)) }
        // A failed build is kept as the check of the same source (an executable cannot be).
        if let cached = tools.cachedCheck(check), !cached.succeeded { return .built(cached) }
        let result = try tools.build(program) { build, folder -> BatchBuild in
            guard let built = build.executable else {
                tools.storeCheck(check, build: build, folder: folder)
                return .built(build)
            }
            // Run from the build folder when the cache does not keep the executable (`--no-cache`).
            let kept = tools.storeExecutable(program, builtAt: built) ?? built
            return .ran(verdict(ofRunning: running, executable: kept))
        }
        compiled = true
        return result
    }

    // MARK: - Runs

    /// Runs a sample once (the file's first scenario) and checks what it printed.
    func verdict(ofRunning index: Int, executable: String) -> SampleVerdict {
        let lab = plan.lab.restricted(to: [plan.samples[index].cell])
        let scenario = plan.lab.scenarios[0]
        let timeout = pipeline.timeoutOverride ?? plan.lab.settings.timeout
        guard let result = tools.runScenarios([scenario], executable: executable, timeout: timeout, repeats: 1).first?.first else {
            return .failed(.output(ScenarioVerdict(scenario: scenario, launchFailure: "not run")))
        }
        switch result {
        case .failure(let error):
            return .failed(.output(ScenarioVerdict(scenario: scenario, launchFailure: error.description)))
        case .success(let run):
            let verdict = ScenarioVerdict(lab: lab, run: run, timeout: timeout, outputLimit: pipeline.outputLimit,
                                          appleAvailable: pipeline.appleAvailable)
            return verdict.passed ? .passed(ran: true) : .failed(.output(verdict))
        }
    }

    // MARK: - Listings

    /// API listings, parsed (not type-checked) in one swiftc run: a listing that does not parse fails.
    func checkSyntax(_ samples: [Int], compiled: inout Bool) throws(BuildError) -> [Int: SampleVerdict] {
        let source = samples.map { index in
            ListingSyntax.parseableSource(plan.symbols[index], file: plan.lab.path, line: plan.markdownLine(sample: index, codeLine: 1))
        }.joined(separator: "\n")
        var check = LabProgram(lab: buildLab, source: source, checkOnly: true)
        check.syntaxOnly = true
        check.crashIsVerdict = true
        let build: BuildOutcome
        let tools = self.tools
        if let cached = tools.cachedCheck(check) {
            build = cached
        } else {
            build = try tools.build(check) { build, folder in
                tools.storeCheck(check, build: build, folder: folder)
                return build
            }
            compiled = true
        }
        var verdicts: [Int: SampleVerdict] = [:]
        let errors = build.diagnostics.filter { $0.severity == .error }
        for index in samples {
            let own = errors.filter { sample(at: $0.location) == index }
            guard !own.isEmpty, case .listing(let reasons) = plan.samples[index].role else { continue }
            verdicts[index] = .failed(.listingSyntax(own, reason: reasons[0]))
        }
        return verdicts
    }
}
