import Foundation

/// Runs the files of one `labrunner run` in parallel and hands their results over in path
/// order, whichever finishes first, so reports stream as files finish and read the same every time.
package struct DocumentBatch: Sendable {
    package let pipeline: DocumentPipeline
    /// Files in flight at once (`--jobs`); swiftc and scenarios are limited by the pipeline's `JobLimiter`.
    package let width: Int

    package init(pipeline: DocumentPipeline, width: Int) {
        self.pipeline = pipeline
        self.width = width
    }

    /// Runs every file of `paths`.
    ///
    /// - Parameters:
    ///   - started: called when a file starts (on a worker thread), for a progress line.
    ///   - finish: called on the worker thread as soon as a file's outcome is known, with the
    ///     seconds it took: what a later stage makes of it (`--update`, the file's report).
    ///   - deliver: called once per file, in path order, each call after the one before it has
    ///     returned: where output is printed.
    /// - Returns: every file's result, in path order.
    package func run<Result: Sendable>(
        _ paths: [String],
        started: @escaping @Sendable (String) -> Void = { _ in },
        finish: @escaping @Sendable (FileOutcome, _ seconds: Double) -> Result,
        deliver: @escaping @Sendable (Result) -> Void = { _ in }
    ) -> [Result] {
        let compiled = LockedValue(false)
        let results = Parallel.map(paths.count, width: width, inOrder: { _, result in deliver(result) }) { [pipeline] index in
            started(paths[index])
            let start = Date()
            let outcome = pipeline.run(path: paths[index])
            if outcome.compiledAnything { compiled.withLock { $0 = true } }
            return finish(outcome, Date().timeIntervalSince(start))
        }
        // Old entries are pruned only after a run that added some.
        if compiled.withLock({ $0 }) { pipeline.cache?.prune() }
        return results
    }
}
