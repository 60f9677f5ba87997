import Foundation
import LabRunner

/// `labrunner watch PATH…`: runs the labs once, then re-runs each lab when its file is saved and
/// prints what changed since its last run, with the time from the save to the verdict; with
/// `--serve`, serves the notebook pages and tells open pages when a run finished. Runs until
/// Ctrl-C, which the `InterruptHandler` turns into a clean stop (children killed, folders removed).
struct WatchCommand: Command {
    static let declarations = WatchOptions.declarations
    let options: WatchOptions
    /// Turns a report into a served page: the notebook page `labrunner html` writes.
    var renderer: LiveSite.Renderer = { NotebookPage(file: $0, indexLink: "/").html() }

    init(arguments: [String]) throws(UsageError) {
        options = try WatchOptions(arguments: arguments)
    }

    func execute() -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        guard let (paths, pipeline) = prepare(environment: environment) else { return ExitStatus.usage }
        var site: LiveSite? = nil
        if let port = options.port {
            guard let served = serve(paths, port: port) else { return ExitStatus.usage }
            site = served
        }
        watch(paths, pipeline: pipeline, site: site, environment: environment)
    }

    /// The labs to watch and the pipeline that runs them, packages built; nil after saying why not.
    private func prepare(environment: [String: String]) -> (paths: [String], pipeline: DocumentPipeline)? {
        let run = options.run
        var paths: [String]
        let configs = TreeConfigStep.search()
        do {
            paths = try DocumentFile.expandWithLines(run.paths, excluding: configs.excludes).paths
        } catch {
            Console.diagnostic([error.description])
            return nil
        }
        do {
            paths = try DocumentSelection.select(paths, scenarios: run.scenarios, shard: nil, bareLanguage: run.bareLanguage, configs: configs)
        } catch {
            Console.error(error.description)
            return nil
        }
        guard !paths.isEmpty else {
            Console.error("no labs to watch in \(run.paths.joined(separator: " "))")
            return nil
        }
        var pipeline: DocumentPipeline
        do {
            pipeline = try makePipeline(environment: environment)
        } catch {
            Console.error(error.description)
            return nil
        }
        // Packages are built once, when the watch starts (a changed package needs a new watch).
        let runFolder = pipeline.moduleCacheWithoutCache.map { ($0 as NSString).deletingLastPathComponent }
        guard PackageStep.prepareAll(run, paths: paths, configs: configs, pipeline: &pipeline, runFolder: runFolder,
                                     environment: environment) else { return nil }
        return (paths, pipeline)
    }

    /// `--serve`: the live site of `paths`, listening; nil after saying why it cannot listen.
    private func serve(_ paths: [String], port: UInt16) -> LiveSite? {
        let site = LiveSite(paths: paths, render: renderer)
        do {
            let server = try HTTPServer(host: options.host, port: port, handler: { site.handle($0) })
            site.allowHosts(AllowedHosts.names(boundTo: options.host, port: server.port))
            server.start()
            // Finds the connections of closed pages even when no run happens.
            Thread {
                while true {
                    sleep(15)
                    site.events.ping()
                }
            }.start()
            Console.out("serving http://\(options.host):\(server.port)/")
            return site
        } catch {
            Console.error(error.description + (port == 0 ? "" : " (--serve 0 picks a free port)"))
            return nil
        }
    }

    /// Runs every lab once, then each lab again when it is saved, printing what changed; until Ctrl-C.
    private func watch(_ paths: [String], pipeline: DocumentPipeline, site: LiveSite?, environment: [String: String]) -> Never {
        let terminal = TerminalReport(style: .forStandardOutput(environment: environment))
        let appleAvailable = Platform.hasSwiftUI
        let batch = DocumentBatch(pipeline: pipeline, width: options.run.jobs)
        // Stamps are read before the first run, so a save during it is seen afterwards.
        let watcher = FileWatcher(paths: paths)
        var last: [String: FileReport] = [:]
        let first = LockedValue(true)
        let initial = batch.run(paths, finish: { outcome, seconds in
            FileReport(outcome, duration: seconds, appleAvailable: appleAvailable)
        }, deliver: { file in
            let isFirst = first.withLock { value in defer { value = false }; return value }
            Console.out((isFirst ? [] : [""]) + terminal.render(file))
            site?.publish(file)
        })
        for file in initial { last[file.path] = file }
        Console.out(terminal.closing(RunReport(files: initial, appleAvailable: appleAvailable).totals))
        Console.out(terminal.style.dim("watching \(paths.count) file\(paths.count == 1 ? "" : "s"); Ctrl-C stops"))

        while true {
            let saved = watcher.next()
            let detected = Date()
            let written = Dictionary(uniqueKeysWithValues: saved.map { ($0, FileStamp.of($0)) })
            let files = batch.run(saved, finish: { outcome, seconds in
                FileReport(outcome, duration: seconds, appleAvailable: appleAvailable)
            })
            let now = Date()
            for file in files {
                let seconds = Self.secondsSinceWrite(written[file.path], detected: detected, now: now)
                Console.out([""] + ChangeLines.render(ReportChange.between(last[file.path], file), file: file,
                                                     seconds: seconds, style: terminal.style))
                site?.publish(file)
                last[file.path] = file
            }
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

    /// The pipeline `run` would make of the same options (no `--update`, no reports).
    private func makePipeline(environment: [String: String]) throws(BuildError) -> DocumentPipeline {
        var pipeline = try options.run.makePipeline(environment: environment)
        if !options.run.useCache {
            // Lives as long as the watch; the interrupt handler removes it with every build folder.
            // One that cannot be made is the environment's fault, said once (exit 2), not per lab.
            pipeline.moduleCacheWithoutCache = try BuildDirectory.makePrivate().path + "/module-cache"
        }
        return pipeline
    }
}
