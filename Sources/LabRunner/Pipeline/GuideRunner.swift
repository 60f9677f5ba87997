import Foundation

/// Checks a guide sample by sample (`GuidePlan`): compatible samples share one swiftc run
/// (`SampleBatches`), a batch that fails is split until every error belongs to one sample
/// (`BatchSplitter`), and every build, failed ones included, is kept in the compile cache, so an
/// unchanged guide is checked again without swiftc.
struct GuideRunner {
    let pipeline: LabPipeline
    let plan: GuidePlan
    let tools: any LabToolchain
    /// The lab as swiftc's diagnostics are mapped back to (every sample a compiled cell).
    let buildLab: Lab
    /// Only the sample at this index, when a run names a line (`guide.md:42`).
    let only: Int?

    init(pipeline: LabPipeline, plan: GuidePlan, tools: any LabToolchain, only: Int?) {
        self.pipeline = pipeline
        self.plan = plan
        self.tools = tools
        self.only = only
        buildLab = plan.lab.restricted(to: plan.lab.cells)
    }

    /// One outcome per sample (only the chosen one with `only`), or why the tool could not check the file.
    func run() -> Result<[SampleOutcome], BuildError> {
        let chosen = only.map { [$0] } ?? Array(plan.samples.indices)
        var verdicts: [Int: SampleVerdict] = [:]
        var programs: [Int] = []
        var listings: [Int] = []
        for index in chosen {
            switch plan.samples[index].role {
            case .skipped(let reason): verdicts[index] = .skipped(reason)
            case .listing(let reasons):
                if reasons[0].kind == .declarationsWithoutBodies { listings.append(index) }
                verdicts[index] = .listing(reasons[0])
            case .program, .manifest: programs.append(index)
            }
        }
        let referenced = Set(plan.contexts.flatMap(\.references))
        let candidates = Dictionary(uniqueKeysWithValues: programs.map { index in
            (index, BatchCandidate(sample: index, symbols: plan.symbols, context: plan.contexts[index],
                                   referenced: referenced, runs: runs(index)))
        })
        let shared = programs.filter { !runs($0) && plan.samples[$0].role != .manifest }
        let batches = SampleBatches.pack(shared.compactMap { candidates[$0] })
            + programs.filter { runs($0) || plan.samples[$0].role == .manifest }.map { [$0] }
        let results = LockedValue([Int: SampleVerdict]())
        let ran = LockedValue(Set<Int>())
        let failure = LockedValue<BuildError?>(nil)
        let work = batches.map { Job.batch($0) } + (listings.isEmpty ? [] : [Job.listings(listings)])
        Parallel.forEach(work.count, width: work.count) { number in
            do throws(BuildError) {
                let found: [Int: SampleVerdict]
                var compiled = false
                switch work[number] {
                case .batch(let batch): found = try check(batch, candidates: candidates, compiled: &compiled)
                case .listings(let samples): found = try checkSyntax(samples, compiled: &compiled)
                }
                results.withLock { $0.merge(found) { _, new in new } }
                if compiled { ran.withLock { $0.formUnion(found.keys) } }
            } catch {
                failure.withLock { $0 = $0 ?? error }
            }
        }
        if let error = failure.withLock({ $0 }) { return .failure(error) }
        verdicts.merge(results.withLock { $0 }) { old, new in
            if case .listing = old, case .failed = new { return new }
            return old
        }
        let compiledNow = ran.withLock { $0 }
        return .success(chosen.compactMap { index in
            verdicts[index].map { SampleOutcome(line: plan.samples[index].line, index: index, verdict: $0,
                                                compilerRan: compiledNow.contains(index)) }
        })
    }

    private enum Job: Sendable {
        case batch([Int])
        case listings([Int])
    }

    private func runs(_ index: Int) -> Bool {
        if case .program(let runs) = plan.samples[index].role { runs && !plan.lab.scenarios.isEmpty } else { false }
    }

    // MARK: - Programs

    /// Verdicts for the samples of `batch`, splitting it where it fails.
    private func check(_ batch: [Int], candidates: [Int: BatchCandidate], compiled: inout Bool) throws(BuildError) -> [Int: SampleVerdict] {
        let running = batch.count == 1 && runs(batch[0]) ? batch[0] : nil
        var extra: [String] = []
        if batch.contains(where: { plan.symbols[$0].hasMain }) { extra.append("-parse-as-library") }
        if batch.contains(where: { plan.samples[$0].role == .manifest }), let api = manifestAPI { extra += ["-I", api] }
        let source = SampleProgram.source(batch, plan: plan, candidates: candidates, runs: running)
        var check = LabProgram(lab: buildLab, source: source, checkOnly: true)
        check.extraArguments = extra
        let build: BuildOutcome
        if let running {
            var program = LabProgram(lab: buildLab, source: source, checkOnly: false)
            program.extraArguments = extra
            if let cached = tools.cachedExecutable(program) {
                return [running: verdict(ofRunning: running, executable: cached)]
            }
            if let cached = tools.cachedCheck(check), !cached.succeeded {
                build = cached
            } else {
                do {
                    let tools = self.tools
                    // Run from the build folder when the cache did not keep the executable (`--no-cache`).
                    let (ranVerdict, outcome) = try tools.build(program) { build, folder -> (SampleVerdict?, BuildOutcome) in
                        guard let built = build.executable else {
                            tools.storeCheck(check, build: build, folder: folder)
                            return (nil, build)
                        }
                        let kept = tools.storeExecutable(program, builtAt: built) ?? built
                        return (verdict(ofRunning: running, executable: kept), build)
                    }
                    compiled = true
                    if let ranVerdict { return [running: ranVerdict] }
                    build = outcome
                } catch {
                    guard let crash = crash(error) else { throw error }
                    return [running: .compilerCrashed(crash)]
                }
            }
        } else if let cached = tools.cachedCheck(check) {
            build = cached
        } else {
            do {
                let tools = self.tools
                build = try tools.build(check) { build, folder in
                    tools.storeCheck(check, build: build, folder: folder)
                    return build
                }
                compiled = true
            } catch {
                guard let crash = crash(error) else { throw error }
                if batch.count == 1 { return [batch[0]: .compilerCrashed(crash)] }
                return try split(batch, next: BatchSplitter.next(after: batch, failing: [], unattributed: true),
                                 candidates: candidates, compiled: &compiled)
            }
        }
        if build.succeeded { return Dictionary(uniqueKeysWithValues: batch.map { ($0, SampleVerdict.passed(ran: false)) }) }
        return try failed(batch, build: build, candidates: candidates, compiled: &compiled)
    }

    /// Verdicts after `batch` failed to build: samples needing a missing module are skipped (the
    /// rest built again), a crash is a crash, and a batch of several is split.
    private func failed(_ batch: [Int], build: BuildOutcome, candidates: [Int: BatchCandidate],
                        compiled: inout Bool) throws(BuildError) -> [Int: SampleVerdict] {
        let errors = build.diagnostics.filter { $0.severity == .error }
        var verdicts: [Int: SampleVerdict] = [:]
        let missing = missingModules(errors)
        if !missing.isEmpty && !pipeline.strict {
            for index in batch {
                if let module = plan.samples[index].needs.first(where: { missing.contains($0.module) })?.module {
                    verdicts[index] = .skipped(.missingModule(module))
                }
            }
            let rest = batch.filter { verdicts[$0] == nil }
            if !verdicts.isEmpty {
                if !rest.isEmpty { verdicts.merge(try check(rest, candidates: candidates, compiled: &compiled)) { old, _ in old } }
                return verdicts
            }
        }
        if batch.count == 1 { return [batch[0]: verdict(ofFailed: batch[0], errors)] }
        var failing = Set<Int>()
        var unattributed = errors.isEmpty
        for error in errors {
            if let sample = sample(at: error.location), batch.contains(sample) { failing.insert(sample) } else { unattributed = true }
        }
        return try split(batch, next: BatchSplitter.next(after: batch, failing: failing, unattributed: unattributed),
                         candidates: candidates, compiled: &compiled)
    }

    /// A sample built alone failed: its errors are its own, unless one is a name only an earlier
    /// listing declares (skipped: nothing can give it), or all fall in lines other samples gave it
    /// (skipped: that sample fails with them itself). `failed to produce diagnostic` alone is a crash.
    private func verdict(ofFailed index: Int, _ errors: [Diagnostic]) -> SampleVerdict {
        let real = errors.filter { !$0.message.hasPrefix("failed to produce diagnostic") }
        if real.isEmpty, let crash = errors.first { return .compilerCrashed(crash.message) }
        if let use = real.lazy.compactMap({ plan.contexts[index].usedListing(in: $0.message) }).first {
            return .skipped(.usesListing(name: use.name, line: plan.samples[use.sample].line))
        }
        let others = real.compactMap { sample(at: $0.location) }.filter { $0 != index }
        if others.count == real.count, let other = others.min() {
            return .skipped(.contextFails(line: plan.samples[other].line))
        }
        return .failed(.compile(DiagnosticOrder.inLabOrder(errors, labPath: plan.lab.path)))
    }

    private func split(_ batch: [Int], next: [[Int]], candidates: [Int: BatchCandidate], compiled: inout Bool) throws(BuildError) -> [Int: SampleVerdict] {
        var verdicts: [Int: SampleVerdict] = [:]
        for part in next { verdicts.merge(try check(part, candidates: candidates, compiled: &compiled)) { old, _ in old } }
        return verdicts
    }

    /// Modules swiftc could not find, unless the name is a misspelt toolchain module (a failure, not a skip).
    private func missingModules(_ errors: [Diagnostic]) -> Set<String> {
        Set(MissingModule.find(in: errors, cells: []).map(\.name))
    }

    /// The sample whose code holds `location`'s line.
    private func sample(at location: SourceLocation?) -> Int? {
        guard let location, location.path == plan.lab.path else { return nil }
        return plan.samples.firstIndex { sample in
            guard let lines = sample.cell.codeLines else { return false }
            return lines.contains(location.line)
        }
    }

    /// What to report for a swiftc that crashed or failed without an error; nil for failures of the setup.
    private func crash(_ error: BuildError) -> String? {
        guard case .swiftcFailed(_, let reason, _) = error, reason.hasPrefix("crashed") || reason.hasPrefix("exited with status") else { return nil }
        return "swiftc \(reason)"
    }

    /// The toolchain's manifest API (`PackageDescription`), beside swiftc: `usr/lib/swift/pm/ManifestAPI`.
    private var manifestAPI: String? {
        let folder = URL(fileURLWithPath: pipeline.compiler.path).deletingLastPathComponent()
            .appendingPathComponent("../lib/swift/pm/ManifestAPI").standardizedFileURL.path
        return FileManager.default.fileExists(atPath: folder) ? folder : nil
    }

    // MARK: - Runs

    /// Runs a sample once (the file's first scenario) and checks what it printed.
    private func verdict(ofRunning index: Int, executable: String) -> SampleVerdict {
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
    private func checkSyntax(_ samples: [Int], compiled: inout Bool) throws(BuildError) -> [Int: SampleVerdict] {
        let source = samples.map { index in
            ListingSyntax.parseableSource(plan.symbols[index], file: plan.lab.path, line: plan.markdownLine(sample: index, codeLine: 1))
        }.joined(separator: "\n")
        var check = LabProgram(lab: buildLab, source: source, checkOnly: true)
        check.syntaxOnly = true
        let build: BuildOutcome
        if let cached = tools.cachedCheck(check) {
            build = cached
        } else {
            do {
                let tools = self.tools
                build = try tools.build(check) { build, folder in
                    tools.storeCheck(check, build: build, folder: folder)
                    return build
                }
                compiled = true
            } catch {
                guard crash(error) != nil else { throw error }
                return [:]   // the parser crashed: the listings keep their verdict
            }
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
