import Foundation
import LabRunner

/// `--package DIR` before any file is checked: the package's library targets built (or found
/// built in the compile cache), with a status line on a terminal and one plain line elsewhere.
enum PackageStep {
    /// Builds `path` for `pipeline` into the compile cache (`cacheDirectory`) or, without one,
    /// into `runFolder`; false after saying why it failed (the run then exits 2).
    static func prepare(_ path: String, pipeline: inout LabPipeline, cacheDirectory: String?, runFolder: String?,
                        verbose: Bool, environment: [String: String]) -> Bool {
        let build = PackageBuild(packagePath: path, compiler: pipeline.compiler, environment: environment)
        let interactive = ProgressLine.isWanted(environment: environment)
        do throws(PackageBuildError) {
            // Without a cache, the run's private folder holds the build, removed when the run ends.
            guard let base = cacheDirectory ?? runFolder else { throw .scratch(FileManager.default.temporaryDirectory.path) }
            let scratch = try build.scratchFolder(cacheDirectory: base)
            if verbose { Console.out("swift: \(build.swift) (beside swiftc), package: \(build.packagePath)") }
            var said = false
            let modules = try build.build(scratch: scratch) { step in
                if interactive {
                    Console.write("\r\u{1B}[2K" + step, to: STDERR_FILENO)
                } else if !said {
                    Console.diagnostic(["labrunner: building package \(build.packagePath) (swift build)"])
                }
                said = true
            }
            if interactive && said { Console.write("\r\u{1B}[2K", to: STDERR_FILENO) }
            if verbose {
                Console.out("package: \(modules.targets.joined(separator: ", ")) "
                            + (modules.built ? "built in \(modules.scratchPath)" : "from the cache (\(modules.scratchPath))"))
            }
            pipeline.packageModules = modules
            return true
        } catch {
            if interactive { Console.write("\r\u{1B}[2K", to: STDERR_FILENO) }
            Console.error(error.description)
            if !error.outputTail.isEmpty { Console.diagnostic(error.outputTail.map { "  " + $0 }) }
            return false
        }
    }
}
