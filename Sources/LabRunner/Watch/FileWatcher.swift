import Foundation

/// Watches files by polling their `FileStamp`s, which works alike on every platform and file
/// system and survives editors that save by renaming a new file over the old one (a watch on the
/// old inode would go deaf). Stat-ing a handful of files every `interval` costs microseconds.
package final class FileWatcher: Sendable {
    package let paths: [String]
    package let interval: Double
    private let detector: LockedValue<SaveDetector>
    private let stamp: @Sendable (String) -> FileStamp

    /// - Parameters:
    ///   - interval: seconds between polls while nothing happens.
    ///   - quiet: seconds a changed file must stay unchanged to count as saved (a burst is one save).
    ///   - stamp: how a path's stamp is read (tests hand in their own).
    package init(paths: [String], interval: Double = 0.05, quiet: Double = 0.02,
                 stamp: @escaping @Sendable (String) -> FileStamp = { FileStamp.of($0) }) {
        self.paths = paths
        self.interval = interval
        self.stamp = stamp
        detector = LockedValue(SaveDetector(initial: Dictionary(paths.map { ($0, stamp($0)) }, uniquingKeysWith: { a, _ in a }),
                                            quiet: quiet))
    }

    /// Polls once: the paths saved since the last poll that reported them.
    package func poll() -> [String] {
        let now = ProcessInfo.processInfo.systemUptime
        let stamps = paths.map { ($0, stamp($0)) }
        return detector.withLock { $0.observe(stamps, at: now) }
    }

    /// Blocks until at least one file was saved, and returns those saved; polls faster while a
    /// change settles, so a save is seen within about `interval` plus `quiet`.
    package func next() -> [String] {
        while true {
            let saved = poll()
            if !saved.isEmpty { return saved }
            let settling = detector.withLock { $0.isSettling }
            let pause = settling ? min(interval, detector.withLock { $0.quiet } / 2) : interval
            usleep(useconds_t(max(pause, 0.001) * 1_000_000))
        }
    }
}
