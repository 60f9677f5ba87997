import Foundation

/// Checks a guide sample by sample (`GuidePlan`): compatible samples share one swiftc run
/// (`SampleBatches`), a batch that fails is split until every error belongs to one sample
/// (`BatchSplitter`), and every build, failed ones included, is kept in the compile cache, so an
/// unchanged guide is checked again without swiftc.
struct GuideRunner {
    let pipeline: DocumentPipeline
    let plan: GuidePlan
    let tools: any LabToolchain
    /// The lab as swiftc's diagnostics are mapped back to (every sample a compiled cell).
    let buildLab: Lab
    /// Only the sample at this index, when a run names a line (`guide.md:42`).
    let only: Int?
    /// What the file's reader could have, asked when a sample's errors are all unknown names.
    let reachable: ReachableNames

    init(pipeline: DocumentPipeline, plan: GuidePlan, tools: any LabToolchain, only: Int?) {
        self.pipeline = pipeline
        self.plan = plan
        self.tools = tools
        self.only = only
        buildLab = plan.lab.restricted(to: plan.lab.cells)
        reachable = ReachableNames(plan: plan, package: pipeline.packageModules?.packagePath)
    }

    /// One outcome per sample (only the chosen one with `only`), or why the tool could not check the file.
    func run() -> Result<[SampleOutcome], BuildError> {
        let chosen = only.map { [$0] } ?? Array(plan.samples.indices)
        var verdicts: [Int: SampleVerdict] = [:]
        for index in chosen {
            switch plan.samples[index].role {
            case .skipped(let reason): verdicts[index] = .skipped(reason)
            case .listing(let reasons): verdicts[index] = .listing(reasons[0])
            case .program, .manifest:
                if let open = unterminatedComment(index) { verdicts[index] = .failed(.compile([open])) }
            }
        }
        let (programs, listings) = plan.work(chosen)
        let (candidates, batches) = plan.batches(programs: programs)
        let results = LockedValue([Int: SampleVerdict]())
        let ran = LockedValue(Set<Int>())
        let failure = LockedValue<BuildError?>(nil)
        let work = batches.map { Job.batch($0) } + (listings.isEmpty ? [] : [Job.listings(listings)])
        // Builds wait for the run's job slots (`--jobs`) anyway: more threads would only sit there.
        Parallel.forEach(work.count, width: min(work.count, pipeline.limiter.slots)) { number in
            do throws(BuildError) {
                let found: [Int: SampleVerdict]
                var compiled = false
                let members: [Int]
                switch work[number] {
                case .batch(let batch):
                    found = try check(batch, missing: [], candidates: candidates, compiled: &compiled)
                    members = batch
                case .listings(let samples):
                    // Only the listings that do not parse get a verdict here; swiftc parsed them all.
                    found = try checkSyntax(samples, compiled: &compiled)
                    members = samples
                }
                results.withLock { $0.merge(found) { _, new in new } }
                if compiled { ran.withLock { $0.formUnion(members) } }
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
            // A hidden setup block has no verdict of its own unless it fails: readers never see it.
            if plan.samples[index].isHiddenSetup, let verdict = verdicts[index], !verdict.isFailure { return nil }
            return verdicts[index].map { SampleOutcome(line: plan.samples[index].line, index: index, verdict: $0,
                                                compilerRan: compiledNow.contains(index)) }
        })
    }

    private enum Job: Sendable {
        case batch([Int])
        case listings([Int])
    }

    private func runs(_ index: Int) -> Bool { plan.runs(index) }

    // MARK: - Programs

    /// Verdicts for the samples of `batch`, splitting it where it fails. `missing`: modules found
    /// missing so far, whose imports the samples only inherit are left out of the program.
    private func check(_ batch: [Int], missing: Set<String>, candidates: [Int: BatchCandidate],
                       compiled: inout Bool) throws(BuildError) -> [Int: SampleVerdict] {
        let running = batch.count == 1 && runs(batch[0]) ? batch[0] : nil
        var extra: [String] = []
        // `@main` in a library-style file; a sample that runs calls its `main()` from main.swift instead.
        if running == nil, batch.contains(where: { plan.symbols[$0].hasMain }) { extra.append("-parse-as-library") }
        if let manifest = batch.first(where: { plan.samples[$0].role == .manifest }), let api = manifestAPI {
            // As SwiftPM compiles a manifest: the API its tools version declares (newer API is unavailable).
            extra += ["-I", api, "-package-description-version", GuideRunner.toolsVersion(plan.symbols[manifest].code) ?? "6.0"]
        }
        let source = SampleProgram.source(batch, plan: plan, candidates: candidates, runs: running, leaving: missing)
        let outcome = try build(source, extraArguments: extra, running: running, compiled: &compiled)
        let build: BuildOutcome
        switch outcome {
        case .ran(let verdict): return [batch[0]: verdict]
        case .built(let result): build = result
        }
        if build.succeeded { return Dictionary(uniqueKeysWithValues: batch.map { ($0, SampleVerdict.passed(ran: false)) }) }
        return try failed(batch, build: build, missing: missing, candidates: candidates, compiled: &compiled)
    }

    /// Verdicts after `batch` failed to build: samples needing a missing module are skipped (the
    /// rest built again), a crash is a crash, and a batch of several is split.
    private func failed(_ batch: [Int], build: BuildOutcome, missing known: Set<String>, candidates: [Int: BatchCandidate],
                        compiled: inout Bool) throws(BuildError) -> [Int: SampleVerdict] {
        let errors = build.diagnostics.filter { $0.severity == .error }
        let found = missingModules(errors)
        // Modules already left out and still reported are the samples' own imports: no retry.
        if !found.isEmpty && !found.isSubset(of: known) && !pipeline.strict {
            let missing = known.union(found)
            var verdicts: [Int: SampleVerdict] = [:]
            for index in batch {
                if let module = plan.samples[index].needs.first(where: { missing.contains($0.module) })?.module {
                    verdicts[index] = .skipped(.missingModule(module))
                }
            }
            let rest = batch.filter { verdicts[$0] == nil }
            if !rest.isEmpty { verdicts.merge(try check(rest, missing: missing, candidates: candidates, compiled: &compiled)) { old, _ in old } }
            return verdicts
        }
        if batch.count == 1 { return [batch[0]: verdict(batch[0], errors: errors, missing: known)] }
        let owners = errors.map { sample(at: $0.location) }
        var failing = Set<Int>()
        var unattributed = errors.isEmpty
        for owner in owners {
            if let owner, batch.contains(owner) { failing.insert(owner) } else { unattributed = true }
        }
        var verdicts: [Int: SampleVerdict] = [:]
        var next = BatchSplitter.next(after: batch, failing: failing, unattributed: unattributed)
        if !unattributed {
            // Every error is in a sample's own lines, and a sample's program does not depend on
            // the samples packed with it (`SampleBatches`): its errors are its verdict, without
            // building it again alone (one slow sample is not compiled twice). The rest are built
            // again, since an error can hide others.
            for sample in failing {
                let own = zip(errors, owners).filter { $0.1 == sample }.map(\.0)
                verdicts[sample] = verdict(sample, errors: own, missing: known)
            }
            next = next.filter { part in !(part.count == 1 && failing.contains(part[0])) }
        }
        for part in next {
            verdicts.merge(try check(part, missing: known, candidates: candidates, compiled: &compiled)) { old, _ in old }
        }
        return verdicts
    }

    /// The verdict of one sample whose build failed with `errors`.
    private func verdict(_ sample: Int, errors: [Diagnostic], missing known: Set<String>) -> SampleVerdict {
        // swiftc killed by a signal is a crash; its `failed to produce diagnostic` beside errors of
        // the sample's own is not (swift-evolution 0344's `<<make proxy>>(…)` pseudo-code has both).
        if let crash = errors.first(where: { $0.message.hasPrefix(CompilerCrash.marker) }).flatMap(CompilerCrash.description) {
            return .compilerCrashed(crash)
        }
        let real = errors.filter { CompilerCrash.description($0) == nil }
        if real.isEmpty, let crash = errors.lazy.compactMap(CompilerCrash.description).first { return .compilerCrashed(crash) }
        // A name only an earlier listing (or a sample whose brackets do not balance) declares: nothing could give it.
        if let use = real.lazy.compactMap({ plan.contexts[sample].usedListing(in: $0.message) }).first {
            let line = plan.samples[use.sample].line
            if case .listing = plan.samples[use.sample].role { return .skipped(.usesListing(name: use.name, line: line)) }
            return .skipped(.contextFails(line: line))
        }
        // What the reader had imported earlier in the file, where it is not available here:
        // names the sample cannot find are that module's, not the text's fault.
        if let inherited = plan.samples[sample].inheritedImports.first(where: { known.contains($0.module) }),
           !real.isEmpty, real.allSatisfy(GuideRunner.isUnresolvedName) {
            return .skipped(.inheritedMissingModule(inherited.module, line: inherited.line ?? plan.samples[sample].line))
        }
        // Errors in earlier samples' declarations are theirs, reported at their own lines:
        // a sample that has none of its own could not be checked, it did not fail.
        var own = errors.filter { error in self.sample(at: error.location).map { $0 == sample } ?? true }
        // A bracket the sample leaves open makes swiftc blame what follows it, the program's own
        // closing lines: the sample is at fault, at its bracket, as a lab's cell is.
        if own.contains(where: \.inPrelude) { own = blamingTheSample(own, sample) }
        if !own.contains(where: { CompilerCrash.description($0) == nil }),
           let broken = real.lazy.compactMap({ self.sample(at: $0.location) }).first {
            return .skipped(.contextFails(line: plan.samples[broken].line))
        }
        // Apple's Foundation has it (`URL.lines`), Linux's does not: it compiles on a Mac.
        if !pipeline.appleAvailable, let members = AppleFoundationMembers.only(in: own.map(\.message)) {
            return .skipped(.needsApple(reason: "uses \(members.joined(separator: ", ")), which only Apple's Foundation has"))
        }
        // A name only a listing declares, further on (a proposal's detailed design after its
        // examples): nothing could give it, as for a listing before the sample.
        if let use = laterListingUse(own, sample) { return .skipped(.usesListing(name: use.name, line: use.line)) }
        // An excerpt: it parsed, and uses names nothing in its reader's reach declares.
        if plan.samples[sample].role != .manifest,
           let names = ExcerptNames.free(in: own.map(\.message), declared: reachable.names) {
            return .parsed(names: names)
        }
        let ordered = DiagnosticOrder.inLabOrder(withHints(own), labPath: plan.lab.path)
        // Written for Swift 5 (the book's `static var shared`): say which language mode reads it so.
        if let note = StrictConcurrency.note(for: ordered, swiftVersion: plan.lab.settings.swiftVersion) {
            return .failed(.compile(ordered + [note]))
        }
        return .failed(.compile(ordered))
    }

    /// `5.9` from a manifest's first line, `// swift-tools-version:5.9` (or `: 5.9.0`, `; …`).
    static func toolsVersion(_ code: [UInt8]) -> String? {
        let first = String(decoding: code.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        guard let range = first.range(of: "swift-tools-version:") else { return nil }
        let version = first[range.upperBound...].drop { $0 == " " }.prefix { $0.isNumber || $0 == "." }
        return version.isEmpty ? nil : String(version)
    }

    /// An error that says a name is unknown: what a module's API missing looks like.
    static func isUnresolvedName(_ error: Diagnostic) -> Bool {
        let message = error.message
        return message.hasPrefix("cannot find ") || message.hasPrefix("unknown attribute ")
            || message.contains(" has no member ") || message.hasPrefix("no such module ")
    }

    /// Modules swiftc could not find, unless the name is a misspelt toolchain module (a failure, not a skip).
    private func missingModules(_ errors: [Diagnostic]) -> Set<String> {
        Set(MissingModule.find(in: errors, cells: []).map(\.name))
    }

    /// The sample whose code holds `location`'s line.
    func sample(at location: SourceLocation?) -> Int? {
        guard let location, location.path == plan.lab.path else { return nil }
        return plan.samples.firstIndex { sample in
            guard let lines = sample.cell.codeLines else { return false }
            return lines.contains(location.line)
        }
    }

    /// The toolchain's manifest API (`PackageDescription`), beside swiftc: `usr/lib/swift/pm/ManifestAPI`.
    private var manifestAPI: String? {
        let folder = URL(fileURLWithPath: pipeline.compiler.path).deletingLastPathComponent()
            .appendingPathComponent("../lib/swift/pm/ManifestAPI").standardizedFileURL.path
        return FileManager.default.fileExists(atPath: folder) ? folder : nil
    }
}
