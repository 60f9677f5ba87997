import Foundation
import LabRunner

extension RunOptions {
    /// The pipeline these options describe, as `run`, `watch` and `html` use it: swiftc from the
    /// environment with the compile time limit, the scenario filter, timeouts, `--jobs`, and the
    /// compile cache unless `--no-cache` (the caller then gives swiftc a module cache folder).
    func makePipeline(environment: [String: String]) throws(BuildError) -> DocumentPipeline {
        var compiler = try SwiftCompiler.locate(environment: environment)
        compiler.timeout = compileTimeout
        var pipeline = DocumentPipeline(compiler: compiler, environment: environment)
        pipeline.scenarioFilter = scenarios
        pipeline.timeoutOverride = timeout
        pipeline.repeats = repeats
        pipeline.strict = strict
        pipeline.bareLanguage = bareLanguage
        pipeline.documentKind = documentKind
        pipeline.runWithoutTranscripts = update
        pipeline.limiter = JobLimiter(slots: jobs)
        if useCache {
            pipeline.useCache(cacheDirectory ?? CompileCache.defaultDirectory(environment: environment), compiler: compiler)
        }
        return pipeline
    }
}

extension DocumentPipeline {
    /// Keeps built programs in the compile cache at `directory`, warning on stderr when the cache
    /// cannot be trusted (another user's entries), as every command does.
    mutating func useCache(_ directory: String, compiler: SwiftCompiler) {
        var cache = CompileCache(directory: directory)
        cache.warn = { Console.diagnostic(["labrunner: warning: \($0)"]) }
        self.cache = cache
        compilerVersion = CompilerVersionLookup(compilerPath: compiler.path, cache: cache, environment: environment)
    }
}
