import Foundation

/// `labrunner kernel -f CONNECTION_FILE`: the Swift kernel, serving until a
/// `shutdown_request` or a terminating signal; SIGINT interrupts the running cell instead.
package struct KernelService: Sendable {
    package let connectionFile: String
    package let environment: [String: String]
    package let toolVersion: String
    package let output: any SessionOutput

    package init(connectionFile: String, environment: [String: String], toolVersion: String, output: any SessionOutput) {
        self.connectionFile = connectionFile
        self.environment = environment
        self.toolVersion = toolVersion
        self.output = output
    }

    /// Serves until shut down; returns only when it cannot start.
    package func run() -> SessionEnd {
        guard let bytes = FileManager.default.contents(atPath: connectionFile) else {
            output.error("cannot read the connection file \(connectionFile)")
            return .notChecked
        }
        let server: JupyterKernelServer
        let compiler: SwiftCompiler
        do {
            let info = try JupyterConnectionInfo(json: Array(bytes), path: connectionFile)
            server = try JupyterKernelServer(info, log: { line in
                FileHandle.standardError.write(Data("labrunner kernel: \(line)\n".utf8))
            })
            compiler = try SwiftCompiler.locate(environment: environment)
        } catch let error as ServeError {
            output.error(error.description)
            return .notChecked
        } catch {
            output.error("\(error)")
            return .notChecked
        }
        let stopped = DispatchSemaphore(value: 0)
        let cache = CompileCache(directory: CompileCache.defaultDirectory(environment: environment))
        let session = KernelSession(compiler: compiler, cache: cache, environment: environment, toolVersion: toolVersion,
                                    shutDown: { stopped.signal() })
        InterruptHandler.redirect(SIGINT) { session.interrupt() }
        server.start(session)
        stopped.wait()
        // Every execution stores a program: keep the cache within its size, as a run does.
        cache.prune()
        // Let the shutdown reply leave before the process ends.
        Thread.sleep(forTimeInterval: 0.1)
        return .passed
    }
}
