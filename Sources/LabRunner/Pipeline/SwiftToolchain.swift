import Foundation
import LabRunnerSandbox

/// The real `LabToolchain`: swiftc in private build folders, the compile cache, and scenario
/// processes, all within the run's `JobLimiter`.
struct SwiftToolchain: LabToolchain {
    let compiler: SwiftCompiler
    let environment: [String: String]
    /// Nil with `--no-cache`.
    let cache: CompileCache?
    /// `swiftc --version`, part of every cache key; set together with `cache`.
    let compilerVersion: CompilerVersionLookup?
    /// Where clang's module cache goes without a compile cache.
    let moduleCacheWithoutCache: String?
    let limiter: JobLimiter
    let outputLimit: Int
    /// The package samples compile against (`--package`): its search path for every build, its
    /// object files for those that link. Part of the key, through the arguments.
    var package: PackageModules? = nil
    /// Seals each scenario run off (labs; nil for guides and with `--no-sandbox`).
    var sandbox: Sandbox? = nil

    /// What swiftc gets beyond the lab's settings.
    private func extraArguments(_ program: LabProgram) -> [String] {
        program.extraArguments + (package?.arguments(linking: !program.checkOnly) ?? [])
    }

    /// The cache key, nil without a cache. A lookup only uses a version already known (asking
    /// swiftc runs alongside the first builds); storing waits for it.
    private func key(_ program: LabProgram, waitForVersion: Bool) -> String? {
        guard cache != nil, let lookup = compilerVersion,
              let version = waitForVersion ? lookup.wait() : lookup.known else { return nil }
        return compiler.cacheKey(for: program.lab, program: program.source, compilerVersion: version,
                                 environment: environment, checkOnly: program.checkOnly,
                                 syntaxOnly: program.syntaxOnly, extraArguments: extraArguments(program))
    }

    func cachedExecutable(_ program: LabProgram) -> String? {
        guard let cache, let key = key(program, waitForVersion: false) else { return nil }
        return cache.lookup(key)
    }

    func cachedCheck(_ program: LabProgram) -> BuildOutcome? {
        guard let cache, let key = key(program, waitForVersion: false), let cached = cache.lookup(key),
              let bytes = CacheFiles.readFile(cached)?.bytes, let record = CheckRecord(decoding: bytes) else { return nil }
        return record.outcome(for: program.lab)
    }

    func exclusively<T, E: Error>(_ program: LabProgram, _ body: (BuildLock) throws(E) -> T) throws(E) -> T {
        guard let cache, let key = key(program, waitForVersion: false) else { return try body(.none) }
        let lock = cache.buildLock(key)
        defer { lock.release() }
        return try body(lock)
    }

    func build<T>(_ program: LabProgram, _ use: (BuildOutcome, String) -> T) throws(BuildError) -> T {
        let directory = try BuildDirectory.makePrivate()
        defer { directory.remove() }
        let moduleCache = ModuleCacheFolder.chosen(environment: environment,
                                                   owned: cache.flatMap { $0.prepareLayout() ? $0.modulesFolder : nil } ?? moduleCacheWithoutCache)
        let build = try compiler.build(program.lab, program: program.source, in: directory.path, environment: environment,
                                       moduleCache: moduleCache, limiter: limiter, checkOnly: program.checkOnly,
                                       syntaxOnly: program.syntaxOnly, extraArguments: extraArguments(program),
                                       crashIsVerdict: program.crashIsVerdict)
        return use(build.namingBuildFolder(directory.path), directory.path)
    }

    func storeExecutable(_ program: LabProgram, builtAt path: String) -> String? {
        guard let cache, let key = key(program, waitForVersion: true) else { return nil }
        return cache.store(key, executable: path)
    }

    func storeCheck(_ program: LabProgram, build: BuildOutcome, folder: String) {
        guard let cache, let key = key(program, waitForVersion: true) else { return }
        let recordPath = folder + "/check"
        if CacheFiles.writeNew(recordPath, CheckRecord(build, folder: folder).encoded, mode: 0o600) {
            _ = cache.store(key, executable: recordPath)
        }
    }

    func runScenarios(_ scenarios: [String], executable: String, timeout: Double,
                      repeats: Int) -> [[Result<ScenarioRun, ProcessError>]] {
        ScenarioRunner(executable: executable, timeout: timeout, environment: environment,
                       outputLimit: outputLimit, limiter: limiter, sandbox: sealedRuns).runAll(scenarios, repeats: repeats)
    }

    /// `sandbox` showing the package's build folder too (the launcher adds the executable's run
    /// path, where the Swift runtime is).
    private var sealedRuns: Sandbox? {
        guard var sandbox else { return nil }
        if let package { sandbox.readOnlyPaths.append(package.scratchPath) }
        return sandbox
    }
}
