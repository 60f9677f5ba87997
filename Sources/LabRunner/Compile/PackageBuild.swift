import Foundation

/// A Swift package's library targets built for samples to use (`--package DIR`): the one file
/// that knows SwiftPM's commands and the layout of its build folder.
///
/// `swift build --package-path DIR --scratch-path S --target T` writes only into `S`, so `DIR` may
/// be read-only. `S` is `packages/<key>` in the compile cache, `<key>` a hash of what decides the
/// build (`PackageSources`): a warm run finds `S` complete (its `labrunner-built` file written
/// last) and never starts `swift`; a changed source is a new key, a new folder, and new sample keys,
/// because the samples' arguments name `S`. Without a cache, `S` is a private folder of the run.
package struct PackageBuild: Sendable {
    /// The package's folder, absolute.
    package let packagePath: String
    /// The `swift` beside the `swiftc` that builds samples (`SWIFTC`'s folder), so the package
    /// and its samples are built by one toolchain.
    package let swift: String
    let environment: [String: String]
    /// Where swiftc keeps clang's module cache for the build and its manifest: the samples' own
    /// (`ModuleCacheFolder`), so Foundation's modules are not built again for each package build.
    /// Nil: a folder in the scratch folder.
    let moduleCache: ModuleCacheFolder?

    /// The file written into the scratch folder once every target built: its presence is a warm build.
    static let completeMarker = "labrunner-built"
    /// The file naming the package a scratch folder was built for.
    static let ownerFile = "labrunner-package"
    /// The file holding the `-Xcc` flags of the package's C modules (`PackageClangFlags`), a JSON
    /// array written before the complete marker, so a warm run does not read SwiftPM's build plan.
    static let clangFlagsFile = "labrunner-clang-flags.json"

    /// `moduleCache`: the tool's module cache folder for this run (the compile cache's
    /// `modules/`, or the run's), unless `CLANG_MODULE_CACHE_PATH` names the user's.
    package init(packagePath: String, compiler: SwiftCompiler, environment: [String: String], moduleCache: String? = nil) {
        self.packagePath = URL(fileURLWithPath: CompileCache.absolute(packagePath)).standardizedFileURL.path
        swift = URL(fileURLWithPath: compiler.path).deletingLastPathComponent().appendingPathComponent("swift").path
        self.environment = environment
        self.moduleCache = ModuleCacheFolder.chosen(environment: environment, owned: moduleCache)
    }

    /// The scratch folder for this package's current sources under `cacheDirectory`.
    package func scratchFolder(cacheDirectory: String) throws(PackageBuildError) -> String {
        try requirePackage()
        return cacheDirectory + "/packages/" + PackageSources.key(packagePath: packagePath, swift: swift)
    }

    /// Builds the package's library targets into `scratch` unless a build there completed
    /// (`progress` is told each `swift build` as it starts), and returns what samples need.
    package func build(scratch: String, progress: (String) -> Void = { _ in }) throws(PackageBuildError) -> PackageModules {
        try requirePackage()
        let marker = scratch + "/" + Self.completeMarker
        // Its object files are linked into programs that run: only a folder of ours is used.
        let parent = (scratch as NSString).deletingLastPathComponent
        if FileOwnership.foreignOwner(parent) != nil || FileOwnership.foreignOwner(scratch) != nil { throw .foreign(scratch) }
        if let saved = CacheFiles.readFile(marker)?.bytes {
            guard let description = PackageDescriptionJSON(saved) else { throw .layout(scratch) }
            return try modules(scratch: scratch, description: description, built: false)
        }
        guard FileManager.default.isExecutableFile(atPath: swift) else { throw .swiftMissing(swift) }
        // Named first, so a build that fails is removed with the earlier ones once one succeeds.
        guard CacheFiles.makeDirectories(scratch) else { throw .scratch(scratch) }
        do { try AtomicFile.write(Array(packagePath.utf8), to: scratch + "/" + Self.ownerFile) } catch { throw .scratch(scratch) }
        let description = try describe(scratch: scratch)
        let targets = description.libraryTargets
        if !description.dependencies.isEmpty {
            progress("resolving the dependencies of package \(packagePath)")
            try resolve(scratch: scratch, dependencies: description.dependencies)
        }
        for (number, target) in targets.enumerated() {
            progress("building package \(packagePath): target \(target) (\(number + 1)/\(targets.count))")
            // SwiftPM gives swiftc a module cache in the scratch folder, new for each key: the
            // last `-module-cache-path` wins, and the shared one has Foundation's modules built.
            let moduleCacheArguments = moduleCache.map { ["-Xswiftc", "-module-cache-path", "-Xswiftc", $0.path] } ?? []
            let result = try run(["build", "--package-path", packagePath, "--scratch-path", scratch, "--target", target]
                                 + moduleCacheArguments, scratch: scratch)
            guard result.succeeded else {
                throw .buildFailed(packagePath, target: target, output: result.output)
            }
        }
        let flags = try clangFlags(scratch: scratch, description: description)
        do {
            try AtomicFile.write(Array(JSONSerialization.data(withJSONObject: flags)), to: scratch + "/" + Self.clangFlagsFile)
        } catch { throw .scratch(scratch) }
        // Whole or absent: its presence is what says the build is complete. It holds SwiftPM's
        // description, which a warm run reads instead of starting `swift package describe`.
        do { try AtomicFile.write(description.bytes, to: marker) } catch { throw .scratch(scratch) }
        removeEarlierBuilds(besides: scratch)
        return try modules(scratch: scratch, description: description, built: true)
    }

    /// Builds of this package's earlier sources, next to `scratch`: replaced by the new one, so
    /// the cache keeps one build per package.
    private func removeEarlierBuilds(besides scratch: String) {
        let parent = (scratch as NSString).deletingLastPathComponent
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] where parent + "/" + name != scratch {
            let folder = parent + "/" + name
            if (try? String(contentsOfFile: folder + "/" + Self.ownerFile, encoding: .utf8)) == packagePath {
                CacheFiles.removeTree(folder)
            }
        }
    }

    private func requirePackage() throws(PackageBuildError) {
        guard FileManager.default.fileExists(atPath: packagePath + "/Package.swift") else { throw .notAPackage(packagePath) }
    }

    /// The package's description: the targets of its library products (every library target
    /// when it declares no library product), every target's folder and dependencies, and the
    /// package's direct dependencies.
    func describe(scratch: String) throws(PackageBuildError) -> PackageDescriptionJSON {
        let result = try run(["package", "--package-path", packagePath, "--scratch-path", scratch, "describe", "--type", "json"],
                             scratch: scratch)
        guard result.succeeded, let description = PackageDescriptionJSON(result.stdout) else {
            throw .describeFailed(packagePath, output: result.output)
        }
        let targets = description.libraryTargets
        guard !targets.isEmpty else { throw .noLibrary(packagePath) }
        return description
    }

    /// Fetches the dependencies as `swift build` would (mirrors in the package's
    /// `.swiftpm/configuration` and the user's are read), so that one that cannot be fetched is
    /// named: its `.package(…)` line in the manifest and SwiftPM's reason.
    func resolve(scratch: String, dependencies: [PackageDescriptionJSON.Dependency]) throws(PackageBuildError) {
        let result = try run(["package", "--package-path", packagePath, "--scratch-path", scratch, "resolve"], scratch: scratch)
        guard !result.succeeded else { return }
        if let failure = PackageDependencyFailure.find(output: result.output, dependencies: dependencies, packagePath: packagePath) {
            throw .dependencyUnavailable(failure)
        }
        throw .resolveFailed(packagePath, output: result.output)
    }

    /// The flags that find the module maps of the C targets the package's Swift libraries use, its
    /// own and its dependencies' (`PackageClangFlags`), from the build plan SwiftPM left in `scratch`.
    func clangFlags(scratch: String, description: PackageDescriptionJSON) throws(PackageBuildError) -> [String] {
        let debug = scratch + "/debug"
        let swiftTargets = description.libraryTargets.filter(description.isSwift)
        let plan = CacheFiles.readFile(debug + "/description.json")?.bytes ?? []
        let flags = PackageClangFlags.flags(buildPlan: plan, modules: swiftTargets)
        // A C target a library uses, and no flag that finds its module map: samples would fail
        // with `missing required module`, the tool's fault, not the package's.
        let clang = Set(description.targets.filter(\.isClang).map(\.module))
        let usesClang = description.targets.contains { swiftTargets.contains($0.name) && $0.targetDependencies.contains(where: clang.contains) }
        guard !usesClang || !flags.isEmpty else { throw .moduleMaps(scratch) }
        return flags
    }

    /// What SwiftPM left in `scratch`: `.swiftmodule` files in `debug/Modules` (SwiftPM 6; beside
    /// the build folders in older ones), object files (Swift's, C's) in `debug/<Target>.build/`;
    /// and the C modules' flags the build kept.
    private func modules(scratch: String, description: PackageDescriptionJSON, built: Bool) throws(PackageBuildError) -> PackageModules {
        let debug = scratch + "/debug"
        let modulesFolder = FileManager.default.fileExists(atPath: debug + "/Modules") ? debug + "/Modules" : debug
        let targets = description.libraryTargets
        let swiftTargets = targets.filter(description.isSwift)
        guard swiftTargets.allSatisfy({ FileManager.default.fileExists(atPath: modulesFolder + "/\($0).swiftmodule") }) else {
            throw .layout(scratch)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: debug)) ?? []
        var objects: [String] = []
        for folder in names.sorted() where folder.hasSuffix(".build") {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: debug + "/" + folder)) ?? []
            objects += files.sorted().filter { $0.hasSuffix(".o") }.map { debug + "/" + folder + "/" + $0 }
        }
        guard let saved = CacheFiles.readFile(scratch + "/" + Self.clangFlagsFile)?.bytes,
              let clangFlags = (try? JSONSerialization.jsonObject(with: Data(saved))) as? [String] else { throw .layout(scratch) }
        // A product of another package is a module a reader has when SwiftPM built it under its name.
        let products = Set(description.targets.flatMap(\.productDependencies).filter { product in
            FileManager.default.fileExists(atPath: modulesFolder + "/" + SampleModules.moduleName(product) + ".swiftmodule")
        })
        return PackageModules(packagePath: packagePath, scratchPath: scratch, targets: targets,
                              searchArguments: ["-I", modulesFolder] + clangFlags,
                              objectFiles: objects, linkArguments: PackageClangFlags.linkFlags(objects: objects),
                              fileModules: PackageFileModules(packagePath: packagePath, targets: description.targets,
                                                              builtProducts: products),
                              built: built)
    }

    private struct Output {
        let succeeded: Bool
        let stdout: [UInt8]
        let output: String
    }

    /// Runs `swift` with `arguments`, writing only into `scratch`: its temporary files (SwiftPM's
    /// lock files, which stay) in `scratch/tmp` rather than `$TMPDIR`, its manifest cache, its
    /// cache of dependencies' repositories, its fingerprints and module caches there rather than
    /// in `~/.cache` and `~/.swiftpm` (SwiftPM's configuration, such as mirrors, is still read).
    private func run(_ command: [String], scratch: String) throws(PackageBuildError) -> Output {
        let temporary = scratch + "/tmp"
        guard CacheFiles.makeDirectories(temporary) else { throw .scratch(scratch) }
        var environment = environment
        environment["TMPDIR"] = temporary
        // The manifest's compile: clang's module cache and Foundation's URL cache go to the
        // user's cache folder otherwise.
        environment["XDG_CACHE_HOME"] = scratch + "/cache-home"
        environment[ModuleCacheFolder.variable] = moduleCache?.path ?? scratch + "/module-cache"
        // Global options, so right after `build` or `package` (before `describe`).
        // No shared copy of dependencies' repositories (the cache path is this build's own anyway):
        // with one, a clone that fails is reported as a confusing `git config` error.
        let arguments = Array(command.prefix(1)) + ["--manifest-cache", "local", "--cache-path", scratch + "/swiftpm-cache",
                                             "--disable-dependency-cache",
                                             "--security-path", scratch + "/swiftpm-security"] + command.dropFirst()
        // SwiftPM writes `Package.resolved` into the package when it resolves remote dependencies
        // the package does not pin: the package's own file (or its absence) is put back.
        let resolved = packagePath + "/Package.resolved"
        let pinned = CacheFiles.readFile(resolved)?.bytes
        defer { Self.restore(resolved, to: pinned) }
        let request = ProcessRequest(executable: swift, arguments: arguments, environment: environment,
                                     workingDirectory: nil, timeout: nil, outputLimit: 64 << 20)
        do {
            let result = try ChildProcess.run(request)
            let text = String(decoding: result.stdout + result.stderr, as: UTF8.self)
            if case .exited(0) = result.termination { return Output(succeeded: true, stdout: result.stdout, output: text) }
            return Output(succeeded: false, stdout: result.stdout, output: text)
        } catch {
            throw .swiftFailed(swift, reason: error.description)
        }
    }
}

extension PackageBuild {
    /// Puts `path` back as `bytes` (absent when nil), if a command changed it.
    static func restore(_ path: String, to bytes: [UInt8]?) {
        let now = CacheFiles.readFile(path)?.bytes
        guard now != bytes else { return }
        if let bytes {
            try? AtomicFile.write(bytes, to: path)
        } else {
            try? FileManager.default.removeItem(atPath: path)
        }
    }
}

/// What samples need of a built package: its modules' search path, and for a program that is
/// linked, its object files.
package struct PackageModules: Sendable, Equatable {
    package let packagePath: String
    package let scratchPath: String
    /// The library targets built (their dependencies are built with them).
    package let targets: [String]
    /// For every swiftc run: where the `.swiftmodule` files are. It names the scratch folder, whose
    /// name is the hash of the package's sources, so each sample's cache key changes with them.
    let searchArguments: [String]
    /// For a program that is linked (a lab, a guide sample that runs).
    let objectFiles: [String]
    /// What linking the object files needs besides them (C++'s runtime).
    var linkArguments: [String] = []
    /// Which target a source file of the package belongs to, and what that target depends on.
    package let fileModules: PackageFileModules
    /// `swift build` ran (false: the cache had the build).
    package let built: Bool

    /// The arguments swiftc needs for a program against this package.
    func arguments(linking: Bool) -> [String] {
        searchArguments + (linking ? objectFiles + linkArguments : [])
    }
}
