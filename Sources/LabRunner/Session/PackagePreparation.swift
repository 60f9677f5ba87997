import Foundation

/// The packages a run compiles against, built before any file is checked: `--package DIR`, else
/// those the files' `.labrunner` files name. A status line on a terminal, one plain line elsewhere.
struct PackagePreparation {
    let configuration: RunConfiguration
    let environment: [String: String]
    let output: any SessionOutput

    /// Reads the `.labrunner` files of `paths` and builds the packages the run needs into the
    /// pipeline. False after saying what failed (exit 2).
    func prepareAll(paths: [String], configs: TreeConfigSearch, pipeline: inout DocumentPipeline, runFolder: String?) -> Bool {
        pipeline.configs = configs
        guard let configPackages = packages(of: paths, search: configs) else { return false }
        let cache = configuration.cacheFolder(environment: environment)
        // The module cache the run's swiftc uses (SwiftToolchain): the cache's, or the run's.
        let moduleCache = cache.map { CompileCache(directory: $0).modulesFolder } ?? pipeline.moduleCacheWithoutCache
        if let package = configuration.packagePath {
            // `--package` overrides the packages `.labrunner` files name: those are not built.
            guard let modules = build(package, compiler: pipeline.compiler, cacheDirectory: cache, runFolder: runFolder,
                                      moduleCache: moduleCache) else { return false }
            pipeline.packageModules = modules
            return true
        }
        for package in configPackages {
            guard let modules = build(package, compiler: pipeline.compiler, cacheDirectory: cache, runFolder: runFolder,
                                      moduleCache: moduleCache) else { return false }
            pipeline.configPackages[package] = modules
        }
        return true
    }

    /// The packages the files' configurations name, in the order first named; nil after saying
    /// the configurations' errors, each once however many files it applies to.
    func packages(of paths: [String], search: TreeConfigSearch) -> [String]? {
        var packages: [String] = []
        var errors: [LabError] = []
        for path in paths {
            do {
                if let package = try search.config(for: path)?.package, !packages.contains(package) { packages.append(package) }
            } catch {
                if !errors.contains(error) { errors.append(error) }
            }
        }
        for error in errors { output.diagnostic(TerminalReport(style: .plain).inputError(DocumentLoader.invalid(error))) }
        return errors.isEmpty ? packages : nil
    }

    /// Builds `path` into the compile cache (`cacheDirectory`) or, without one, into
    /// `runFolder`; nil after saying why it failed.
    /// `moduleCache`: the tool's module cache folder the run's swiftc uses, for `swift build` too.
    func build(_ path: String, compiler: SwiftCompiler, cacheDirectory: String?, runFolder: String?,
               moduleCache: String?) -> PackageModules? {
        let build = PackageBuild(packagePath: path, compiler: compiler, environment: environment, moduleCache: moduleCache)
        do throws(PackageBuildError) {
            // Without a cache, the run's private folder holds the build, removed when the run ends.
            guard let base = cacheDirectory ?? runFolder else { throw .scratch(FileManager.default.temporaryDirectory.path) }
            let scratch = try build.scratchFolder(cacheDirectory: base)
            if configuration.verbose { output.out("swift: \(build.swift) (beside swiftc), package: \(build.packagePath)") }
            var said = false
            let modules = try build.build(scratch: scratch) { step in
                if output.showsStatus {
                    output.status(step)
                } else if !said {
                    output.diagnostic(["labrunner: building package \(build.packagePath) (swift build)"])
                }
                said = true
            }
            if output.showsStatus && said { output.status(nil) }
            if configuration.verbose {
                output.out("package: \(modules.targets.joined(separator: ", ")) "
                           + (modules.built ? "built in \(modules.scratchPath)" : "from the cache (\(modules.scratchPath))"))
            }
            return modules
        } catch {
            if output.showsStatus { output.status(nil) }
            if let located = error.located { output.diagnostic([located]) } else { output.error(error.description) }
            if !error.outputTail.isEmpty { output.diagnostic(error.outputTail.map { "  " + $0 }) }
            return nil
        }
    }
}
