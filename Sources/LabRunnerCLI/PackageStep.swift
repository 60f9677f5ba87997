import Foundation
import LabRunner

/// `--package DIR` before any file is checked: the package's library targets built (or found
/// built in the compile cache), with a status line on a terminal and one plain line elsewhere.
enum PackageStep {
    /// Reads the `.labrunner` files of `paths` and builds the packages the run needs: `--package`,
    /// else those the files' configurations name. False after saying what failed (exit 2).
    static func prepareAll(_ options: RunOptions, paths: [String], configs: TreeConfigSearch, pipeline: inout DocumentPipeline,
                           runFolder: String?, environment: [String: String]) -> Bool {
        pipeline.configs = configs
        guard let configPackages = TreeConfigStep.packages(of: paths, search: configs) else { return false }
        let cache = options.cacheFolder(environment: environment)
        func build(_ path: String) -> PackageModules? {
            prepare(path, compiler: pipeline.compiler, cacheDirectory: cache, runFolder: runFolder,
                    verbose: options.verbose, environment: environment)
        }
        if let package = options.packagePath {
            // `--package` overrides the packages `.labrunner` files name: those are not built.
            guard let modules = build(package) else { return false }
            pipeline.packageModules = modules
            return true
        }
        for package in configPackages {
            guard let modules = build(package) else { return false }
            pipeline.configPackages[package] = modules
        }
        return true
    }

    /// Builds `path` into the compile cache (`cacheDirectory`) or, without one, into
    /// `runFolder`; nil after saying why it failed.
    static func prepare(_ path: String, compiler: SwiftCompiler, cacheDirectory: String?, runFolder: String?,
                        verbose: Bool, environment: [String: String]) -> PackageModules? {
        let build = PackageBuild(packagePath: path, compiler: compiler, environment: environment)
        let interactive = ProgressLine.isWanted(environment: environment)
        do throws(PackageBuildError) {
            // Without a cache, the run's private folder holds the build, removed when the run ends.
            guard let base = cacheDirectory ?? runFolder else { throw .scratch(FileManager.default.temporaryDirectory.path) }
            let scratch = try build.scratchFolder(cacheDirectory: base)
            if verbose { Console.out("swift: \(build.swift) (beside swiftc), package: \(build.packagePath)") }
            var said = false
            let modules = try build.build(scratch: scratch) { step in
                if interactive {
                    // One line, as ProgressLine keeps it: a wrapped line could not be erased.
                    let width = Int(environment["COLUMNS"] ?? "") ?? 80
                    let line = step.count > width - 1 ? String(step.prefix(width - 2)) + "…" : step
                    Console.write("\r\u{1B}[2K" + line, to: STDERR_FILENO)
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
            return modules
        } catch {
            if interactive { Console.write("\r\u{1B}[2K", to: STDERR_FILENO) }
            Console.error(error.description)
            if !error.outputTail.isEmpty { Console.diagnostic(error.outputTail.map { "  " + $0 }) }
            return nil
        }
    }
}
