import Foundation

/// A watch under way: the first run done, each file's last report kept, and a save at a time
/// run again and said as what changed.
package struct WatchLoop {
    let session: WatchSession
    let batch: DocumentBatch
    /// The live site pages are published to, with `--serve`.
    package let site: LiveSite?
    /// Its server, and the address of its index.
    private let server: HTTPServer?
    private let address: String?
    private let watcher: FileWatcher
    private let terminal: TerminalReport
    /// Each file's report of its last run.
    private(set) var last: [String: FileReport] = [:]

    /// Runs every file once, saying each report and the totals.
    init(session: WatchSession, paths: [String], pipeline: DocumentPipeline,
         served: (site: LiveSite, server: HTTPServer, address: String)?) {
        self.session = session
        let site = served?.site
        self.site = site
        server = served?.server
        address = served?.address
        batch = DocumentBatch(pipeline: pipeline, width: session.configuration.jobs)
        terminal = TerminalReport(style: session.style)
        // Stamps are read before the first run, so a save during it is seen afterwards.
        watcher = FileWatcher(paths: paths)
        let output = session.output
        let appleAvailable = session.appleAvailable
        let first = LockedValue(true)
        let initial = batch.run(paths, finish: { outcome, seconds in
            FileReport(outcome, duration: seconds, appleAvailable: appleAvailable)
        }, deliver: { [terminal] file in
            let isFirst = first.withLock { value in defer { value = false }; return value }
            output.out((isFirst ? [] : [""]) + terminal.render(file))
            site?.publish(file)
        })
        for file in initial { last[file.path] = file }
        output.out(terminal.closing(RunReport(files: initial, appleAvailable: appleAvailable).totals))
        let pages = address.map { "; pages on \($0)" } ?? ""
        output.out(terminal.style.dim("watching \(paths.count) file\(paths.count == 1 ? "" : "s")\(pages); Ctrl-C stops"))
    }

    /// Stops serving (a test's end; the tool's stops with the process).
    package func stopServing() {
        server?.stop()
    }

    /// Waits for the next save (a burst is one), runs the files saved again and says what changed.
    package mutating func next() {
        let saved = watcher.next()
        let detected = Date()
        site?.running(saved)
        let written = Dictionary(uniqueKeysWithValues: saved.map { ($0, FileStamp.of($0)) })
        let appleAvailable = session.appleAvailable
        let files = batch.run(saved, finish: { outcome, seconds in
            FileReport(outcome, duration: seconds, appleAvailable: appleAvailable)
        })
        let now = Date()
        for file in files {
            let seconds = Self.secondsSinceWrite(written[file.path], detected: detected, now: now)
            session.output.out([""] + ChangeLines.render(ReportChange.between(last[file.path], file), file: file,
                                                        seconds: seconds, style: terminal.style))
            site?.publish(file)
            last[file.path] = file
        }
    }

    /// From the file's write (its modification time) to `now`; from when the save was seen when
    /// the modification time is not a recent past (a copy that kept an old time, a clock step).
    static func secondsSinceWrite(_ stamp: FileStamp?, detected: Date, now: Date) -> Double {
        let sinceDetected = now.timeIntervalSince(detected)
        guard let stamp, stamp.exists else { return sinceDetected }
        let sinceWrite = now.timeIntervalSince1970 - Double(stamp.modified) / 1_000_000_000
        return sinceWrite >= sinceDetected && sinceWrite < sinceDetected + 5 ? sinceWrite : sinceDetected
    }
}
