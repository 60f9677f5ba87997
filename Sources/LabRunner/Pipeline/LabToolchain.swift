/// A program the pipeline builds: a lab's, a `standalone` cell's, or a compile check's.
struct LabProgram: Sendable {
    /// The lab the program is made of (for a cell built apart, the lab `Lab.program(for:)` derives).
    let lab: Lab
    /// The generated Swift source.
    let source: String
    /// A `compile_fail` or `no_run` check: swiftc stops after its diagnostic passes, links nothing.
    let checkOnly: Bool
    /// With `checkOnly`: swiftc only parses (an API listing, whose bodies are missing).
    var syntaxOnly = false
    /// Arguments a guide's sample needs beyond the file's settings (`-parse-as-library` for
    /// `@main`, the manifest API's search path); part of the cache key.
    var extraArguments: [String] = []
    /// swiftc crashing is a failed build to keep (a guide's sample), not a failure of the tool.
    var crashIsVerdict = false
}

/// What the pipeline asks of swiftc, the compile cache and the scenario processes.
///
/// `SwiftToolchain` is the real one; the pipeline's decisions (cache hit or miss, `--strict`,
/// missing modules, the scenario filter, compile-only files, cells built apart) are tested with a
/// recording one, without swiftc.
protocol LabToolchain: Sendable {
    /// The cached executable of a program, nil on a miss or without a cache.
    func cachedExecutable(_ program: LabProgram) -> String?
    /// What swiftc said when it last checked this program, from the cache; nil on a miss.
    func cachedCheck(_ program: LabProgram) -> BuildOutcome?
    /// Runs swiftc on the program in a private build folder and hands what it said, and the
    /// folder, to `use` while the folder still exists (an executable built there runs from it).
    func build<T>(_ program: LabProgram, _ use: (BuildOutcome, _ folder: String) -> T) throws(BuildError) -> T
    /// Keeps a built executable in the cache; where it is kept now, nil when it was not stored.
    func storeExecutable(_ program: LabProgram, builtAt path: String) -> String?
    /// Keeps what swiftc said for a check, built in `folder`.
    func storeCheck(_ program: LabProgram, build: BuildOutcome, folder: String)
    /// Runs `executable` `repeats` times per scenario; for each scenario in order, its runs in order.
    func runScenarios(_ scenarios: [String], executable: String, timeout: Double,
                      repeats: Int) -> [[Result<ScenarioRun, ProcessError>]]
    /// Runs `body` holding the build lock of `program`'s cache key, once no other process holds
    /// it, so a program missing from the cache is built by one process at a time: `body` looks
    /// the cache up again first (the other process may have stored it meanwhile), and releases
    /// the lock once it has stored its build, before running it. Released at the end regardless.
    func exclusively<T, E: Error>(_ program: LabProgram, _ body: (BuildLock) throws(E) -> T) throws(E) -> T
}

extension LabToolchain {
    /// Without a cache to share there is nothing to lock.
    func exclusively<T, E: Error>(_ program: LabProgram, _ body: (BuildLock) throws(E) -> T) throws(E) -> T {
        try body(.none)
    }
}
