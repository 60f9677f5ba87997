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
        guard let running else { return .built(try checked(check, compiled: &compiled)) }
        let tools = self.tools
        var program = LabProgram(lab: buildLab, source: source, checkOnly: false)
        program.extraArguments = extraArguments
        program.crashIsVerdict = true
        /// From the cache: the executable, run (after letting go of `lock`); or a failed build,
        /// kept as the check of the same source (an executable cannot be).
        func cached(_ lock: BuildLock) -> BatchBuild? {
            if let cached = tools.cachedExecutable(program) {
                lock.release()
                return .ran(verdict(ofRunning: running, executable: cached))
            }
            if let cached = tools.cachedCheck(check), !cached.succeeded { return .built(cached) }
            return nil
        }
        if let found = cached(.none) { return found }
        return try tools.exclusively(program) { lock throws(BuildError) -> BatchBuild in
            // Another labrunner may have built it while this one waited for the lock.
            if let found = cached(lock) { return found }
            let result = try tools.build(program) { build, folder -> BatchBuild in
                guard let built = build.executable else {
                    tools.storeCheck(check, build: build, folder: folder)
                    return .built(build)
                }
                // Run from the build folder when the cache does not keep the executable (`--no-cache`).
                let kept = tools.storeExecutable(program, builtAt: built) ?? built
                lock.release()
                return .ran(verdict(ofRunning: running, executable: kept))
            }
            compiled = true
            return result
        }
    }

    /// What swiftc says of a check: from the cache, else built (`compiled` set) and stored, failed or not.
    private func checked(_ check: LabProgram, compiled: inout Bool) throws(BuildError) -> BuildOutcome {
        let tools = self.tools
        if let cached = tools.cachedCheck(check) { return cached }
        return try tools.exclusively(check) { _ throws(BuildError) -> BuildOutcome in
            if let cached = tools.cachedCheck(check) { return cached }
            let build = try tools.build(check) { build, folder in
                tools.storeCheck(check, build: build, folder: folder)
                return build
            }
            compiled = true
            return build
        }
    }

    // MARK: - Runs

    /// Runs a sample once (the file's first scenario) and checks what it printed against its
    /// output block or its `// Prints` comments.
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
            let sample = plan.samples[index]
            // Stopped before its marker, after running earlier samples' statements: those are
            // the reader's session, not the sample, so it could not be checked.
            if verdict.problem != nil, verdict.actualOutputs[sample.cell.index] == nil {
                let lines = sessionLines(of: index)
                if !lines.isEmpty { return .skipped(.sessionStopped(lines: lines)) }
            }
            // Without an output block, its `// Prints` comments say what it prints.
            if !sample.prints.isEmpty, verdict.isComplete {
                let lines = sample.prints.map { plan.markdownLine(sample: index, codeLine: $0.line) }
                let output = verdict.actualOutputs[sample.cell.index] ?? ""
                guard var mismatch = PrintsMismatch.compare(sample.prints, lines: lines, output: output) else { return .passed(ran: true) }
                mismatch.duration = verdict.duration
                mismatch.stderr = verdict.stderr
                return .failed(.prints(mismatch))
            }
            return verdict.passed ? .passed(ran: true) : .failed(.output(verdict))
        }
    }

    /// The Markdown lines of the earlier statements a sample is given from the reader's session.
    private func sessionLines(of index: Int) -> [Int] {
        plan.contexts[index].entries.filter { $0.reason.kind == .mutates }.map { entry in
            plan.markdownLine(sample: entry.reference.sample, codeLine: plan.symbols[entry.reference.sample].items[entry.reference.item].lines.lowerBound)
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
        let build = try checked(check, compiled: &compiled)
        var verdicts: [Int: SampleVerdict] = [:]
        let errors = build.diagnostics.filter { $0.severity == .error }.map { (error: $0, sample: sample(at: $0.location)) }
        for index in samples {
            let own = errors.filter { $0.sample == index }.map(\.error)
            guard !own.isEmpty, case .listing(let reasons) = plan.samples[index].role else { continue }
            verdicts[index] = .failed(.listingSyntax(own, reason: reasons[0]))
        }
        return verdicts
    }
}
