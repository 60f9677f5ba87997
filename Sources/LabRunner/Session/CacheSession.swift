/// One `labrunner cache`: where the compile cache is and what it holds, or, cleaning, all of it
/// removed (`CompileCache.clean`, which refuses a folder that is not safely this user's).
package struct CacheSession: Sendable {
    package let cache: CompileCache
    /// `cache clean`.
    package let cleaning: Bool
    package let output: any SessionOutput

    /// The cache at `directory` (`--cache-dir`), else where runs keep it in this `environment`.
    package init(directory: String?, cleaning: Bool, environment: [String: String], output: any SessionOutput) {
        cache = CompileCache(directory: directory ?? CompileCache.defaultDirectory(environment: environment))
        self.cleaning = cleaning
        self.output = output
    }

    package func run() -> SessionEnd {
        guard let usage = cache.usage() else {
            output.out(CacheReport.missing(at: cache.location, cleaning: cleaning))
            return .passed
        }
        guard cleaning else {
            output.out(CacheReport.usage(usage, at: cache.location))
            return .passed
        }
        guard let removed = cache.clean() else {
            output.error(CacheReport.cannotClean(cache.location))
            return .notChecked
        }
        output.out(CacheReport.removed(removed, from: cache.location))
        return .passed
    }
}
