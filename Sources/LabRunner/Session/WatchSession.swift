import Foundation

/// One `labrunner watch`: the files run once, then each again when it is saved, saying what
/// changed since its last run with the time from the save to the verdict; with a port, the
/// notebook pages served and open pages told when a run finished. `start` does the first run;
/// the `WatchLoop` it returns handles one save per `next()`, so a test can drive it in-process.
package struct WatchSession: Sendable {
    /// `run`'s options that mean the same here (`--update`, reports and shards do not apply).
    package let configuration: RunConfiguration
    package let environment: [String: String]
    package let output: any SessionOutput
    /// `--serve PORT`: serve the pages on this port (0: a free one); nil: no server.
    package var port: UInt16? = nil
    package var host = "127.0.0.1"
    package var style = Style.plain
    /// Turns a report into a served page; nil: the notebook page `labrunner html` writes, its
    /// `.md` links to other watched files leading to their pages (`LiveSite.links`).
    package var renderer: LiveSite.Renderer? = nil
    package var appleAvailable = Platform.hasSwiftUI

    package init(configuration: RunConfiguration, environment: [String: String], output: any SessionOutput) {
        self.configuration = configuration
        self.environment = environment
        self.output = output
    }

    /// Prepares, serves (with a port) and runs every file once; nil after saying why it cannot watch.
    package func start() -> WatchLoop? {
        guard let (paths, pipeline) = prepare() else { return nil }
        var served: (site: LiveSite, server: HTTPServer, address: String)? = nil
        if let port {
            guard let serving = serve(paths, port: port) else { return nil }
            served = serving
        }
        return WatchLoop(session: self, paths: paths, pipeline: pipeline, served: served)
    }

    /// The files to watch and the pipeline that runs them, packages built; nil after saying why not.
    private func prepare() -> (paths: [String], pipeline: DocumentPipeline)? {
        var paths: [String]
        let configs = TreeConfigSearch { [output] in output.sayWarning($0) }
        do {
            paths = try DocumentFile.expandWithLines(configuration.paths, excluding: configs.excludes).paths
        } catch {
            output.diagnostic([error.description])
            return nil
        }
        do {
            paths = try DocumentSelection.select(paths, scenarios: configuration.scenarios, shard: nil,
                                                 bareLanguage: configuration.bareLanguage, configs: configs)
        } catch {
            output.error(error.description)
            return nil
        }
        guard !paths.isEmpty else {
            output.error("no labs to watch in \(configuration.paths.joined(separator: " "))")
            return nil
        }
        var pipeline: DocumentPipeline
        do {
            pipeline = try makePipeline()
        } catch {
            output.error(error.description)
            return nil
        }
        // Packages are built once, when the watch starts (a changed package needs a new watch).
        let runFolder = pipeline.moduleCacheWithoutCache.map { ($0 as NSString).deletingLastPathComponent }
        let packages = PackagePreparation(configuration: configuration, environment: environment, output: output)
        guard packages.prepareAll(paths: paths, configs: configs, pipeline: &pipeline, runFolder: runFolder) else { return nil }
        return (paths, pipeline)
    }

    /// The pipeline `run` would make of the same options (no `--update`, no reports).
    private func makePipeline() throws(BuildError) -> DocumentPipeline {
        var pipeline = try configuration.makePipeline(environment: environment, output: output)
        if !configuration.useCache {
            // Lives as long as the watch; the interrupt handler removes it with every build folder.
            // One that cannot be made is the environment's fault, said once (exit 2), not per lab.
            pipeline.moduleCacheWithoutCache = try BuildDirectory.makePrivate().path + "/module-cache"
        }
        return pipeline
    }

    /// `--serve`: the live site of `paths`, listening, its addresses said once; nil after saying
    /// why it cannot listen.
    private func serve(_ paths: [String], port: UInt16) -> (site: LiveSite, server: HTTPServer, address: String)? {
        let links = LiveSite.links(paths)
        let site = LiveSite(paths: paths, render: renderer ?? { NotebookPage(file: $0, indexLink: "/", site: links).html() })
        do {
            let server = try HTTPServer(host: host, port: port, handler: { site.handle($0) })
            site.allowHosts(AllowedHosts.names(boundTo: host, port: server.port))
            server.start()
            // Finds the connections of closed pages even when no run happens.
            Thread {
                while true {
                    sleep(15)
                    site.events.ping()
                }
            }.start()
            // A browser cannot open 0.0.0.0; the machine's own loopback name is among the allowed hosts.
            let address = "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(server.port)/"
            output.out(site.addresses(base: address, style: style)
                       + (host == "0.0.0.0" ? [style.dim("  (bound to 0.0.0.0: every address of this machine answers)")] : []))
            return (site, server, address)
        } catch {
            output.error(error.description + (port == 0 ? "" : " (--serve 0 picks a free port)"))
            return nil
        }
    }
}
