import Foundation
import LabRunnerSandbox

/// What a run was asked to do (`labrunner run`'s options, which `watch` and `html` share): the
/// value a `RunSession` or `WatchSession` is driven by, made by the CLI's parser or by a test.
package struct RunConfiguration: Sendable {
    package var paths: [String]
    /// `--update`: write actual outputs back into the files.
    package var update = false
    package var verbose = false
    package var scenarios: [String] = []
    package var timeout: Double? = nil
    package var compileTimeout = SwiftCompiler.defaultTimeout
    package var jobs = ProcessInfo.processInfo.activeProcessorCount
    package var shard: Shard? = nil
    package var cacheDirectory: String? = nil
    package var useCache = true
    package var junitPath: String? = nil
    package var jsonPath: String? = nil
    package var repeats = 1
    /// A missing module fails the lab instead of skipping it.
    package var strict = false
    /// `--min-rung`: guide samples checked less than this fail (`CheckRung`).
    package var minimumRung: CheckRung? = nil
    /// The language of fences without an info string.
    package var bareLanguage: String? = nil
    /// `--as guide|lab`.
    package var documentKind: DocumentKind? = nil
    /// `--package DIR`.
    package var packagePath: String? = nil
    /// Seal each lab's program off (`Sandbox`); false with `--no-sandbox`.
    package var sandboxed = true
    /// `--swiftc-flags FLAGS`: added to every lab's own, checked as the `swiftc-flags` setting is.
    package var swiftcFlags: [String] = []

    package init(paths: [String]) {
        self.paths = paths
    }

    /// The compile cache's folder; nil with `--no-cache`.
    package func cacheFolder(environment: [String: String]) -> String? {
        useCache ? CompileCache.absolute(cacheDirectory ?? CompileCache.defaultDirectory(environment: environment)) : nil
    }

    /// The pipeline these options describe, as `run`, `watch` and `html` use it: swiftc from the
    /// environment with the compile time limit, the scenario filter, timeouts, `--jobs`, and the
    /// compile cache unless `--no-cache` (the caller then gives swiftc a module cache folder).
    package func makePipeline(environment: [String: String], output: any SessionOutput) throws(BuildError) -> DocumentPipeline {
        var compiler = try SwiftCompiler.locate(environment: environment)
        compiler.timeout = compileTimeout
        var pipeline = DocumentPipeline(compiler: compiler, environment: environment)
        pipeline.scenarioFilter = scenarios
        pipeline.timeoutOverride = timeout
        pipeline.repeats = repeats
        pipeline.strict = strict
        pipeline.minimumRung = minimumRung
        pipeline.bareLanguage = bareLanguage
        pipeline.documentKind = documentKind
        pipeline.runWithoutTranscripts = update
        pipeline.swiftcFlags = swiftcFlags
        pipeline.limiter = JobLimiter(slots: jobs)
        if sandboxed { _ = pipeline.seal(required: false, output: output) }
        if useCache {
            pipeline.useCache(cacheDirectory ?? CompileCache.defaultDirectory(environment: environment), output: output)
        }
        return pipeline
    }

    /// The pipeline `student` and `grade` run labs with: these build options (`--cache-dir`,
    /// `--no-cache`, `--jobs`, `--timeout`, `--compile-timeout`) as `run` uses them, sealed unless
    /// `--no-sandbox` (`grade` requires the seal: `sealRequired`). With `--no-cache`, swiftc's
    /// module cache goes in a private build folder, which the caller removes. Nil, the error
    /// said, when a required seal cannot be had.
    package func checkingPipeline(environment: [String: String], output: any SessionOutput, sealRequired: Bool = false)
        throws(BuildError) -> (pipeline: DocumentPipeline, folder: BuildDirectory?)? {
        var unsealed = self
        unsealed.sandboxed = false
        var pipeline = try unsealed.makePipeline(environment: environment, output: output)
        if sandboxed, !pipeline.seal(required: sealRequired, output: output) { return nil }
        guard !useCache else { return (pipeline, nil) }
        let folder = try BuildDirectory.makePrivate()
        pipeline.moduleCacheWithoutCache = folder.path + "/module-cache"
        return (pipeline, folder)
    }
}

extension DocumentPipeline {
    /// Seals lab programs off where the platform can. Where it cannot, says why: a warning, or
    /// with `required` an error and false (the caller stops; `--no-sandbox` is the way round).
    mutating func seal(required: Bool, output: any SessionOutput) -> Bool {
        // The library inside another program (tests): there is no launcher, and no one to warn.
        guard SandboxLaunch.launcher != nil else { return true }
        guard let why = SandboxLaunch.unavailability else {
            sandbox = Sandbox()
            return true
        }
        if required {
            output.error("programs cannot be sealed off here (\(why)); grading runs each submission's "
                         + "code with your rights: grade in a container and pass --no-sandbox")
            return false
        }
        output.sayWarning("programs run without a sandbox (\(why)); --no-sandbox runs them so without this warning")
        return true
    }

    /// Keeps built programs in the compile cache at `directory`, warning when the cache cannot
    /// be trusted (another user's entries).
    mutating func useCache(_ directory: String, output: any SessionOutput) {
        var cache = CompileCache(directory: directory)
        cache.warn = { output.sayWarning($0) }
        self.cache = cache
        compilerVersion = CompilerVersionLookup(compilerPath: compiler.path, cache: cache, environment: environment)
    }
}
