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

    /// The file written into the scratch folder once every target built: its presence is a warm build.
    static let completeMarker = "labrunner-built"
    /// The file naming the package a scratch folder was built for.
    static let ownerFile = "labrunner-package"

    package init(packagePath: String, compiler: SwiftCompiler, environment: [String: String]) {
        self.packagePath = URL(fileURLWithPath: CompileCache.absolute(packagePath)).standardizedFileURL.path
        swift = URL(fileURLWithPath: compiler.path).deletingLastPathComponent().appendingPathComponent("swift").path
        self.environment = environment
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
        if let text = try? String(contentsOfFile: marker, encoding: .utf8) {
            let targets = text.split(separator: "\n").map(String.init)
            return try modules(scratch: scratch, targets: targets, built: false)
        }
        guard FileManager.default.isExecutableFile(atPath: swift) else { throw .swiftMissing(swift) }
        // Named first, so a build that fails is removed with the earlier ones once one succeeds.
        guard CacheFiles.makeDirectories(scratch) else { throw .scratch(scratch) }
        do { try AtomicFile.write(Array(packagePath.utf8), to: scratch + "/" + Self.ownerFile) } catch { throw .scratch(scratch) }
        let targets = try libraryTargets(scratch: scratch)
        for (number, target) in targets.enumerated() {
            progress("building package \(packagePath): target \(target) (\(number + 1)/\(targets.count))")
            let result = try run(["build", "--package-path", packagePath, "--scratch-path", scratch, "--target", target], scratch: scratch)
            guard result.succeeded else {
                throw .buildFailed(packagePath, target: target, output: result.output)
            }
        }
        // Whole or absent: its presence is what says the build is complete.
        do { try AtomicFile.write(Array(targets.joined(separator: "\n").utf8), to: marker) } catch { throw .scratch(scratch) }
        removeEarlierBuilds(besides: scratch)
        return try modules(scratch: scratch, targets: targets, built: true)
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

    /// The targets of the package's library products (every library target when it declares no
    /// library product): Swift targets only, C targets are refused.
    func libraryTargets(scratch: String) throws(PackageBuildError) -> [String] {
        let result = try run(["package", "--package-path", packagePath, "--scratch-path", scratch, "describe", "--type", "json"],
                             scratch: scratch)
        guard result.succeeded, let description = PackageDescriptionJSON(result.stdout) else {
            throw .describeFailed(packagePath, output: result.output)
        }
        let targets = description.libraryTargets
        guard !targets.isEmpty else { throw .noLibrary(packagePath) }
        if let clang = targets.first(where: { !description.isSwift($0) }) { throw .unsupportedTarget(packagePath, target: clang) }
        return targets
    }

    /// What SwiftPM left in `scratch`: `.swiftmodule` files in `debug/Modules` (SwiftPM 6; beside
    /// the build folders in older ones), object files in `debug/<Target>.build/`.
    private func modules(scratch: String, targets: [String], built: Bool) throws(PackageBuildError) -> PackageModules {
        let debug = scratch + "/debug"
        let modulesFolder = FileManager.default.fileExists(atPath: debug + "/Modules") ? debug + "/Modules" : debug
        guard targets.allSatisfy({ FileManager.default.fileExists(atPath: modulesFolder + "/\($0).swiftmodule") }) else {
            throw .layout(scratch)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: debug)) ?? []
        var objects: [String] = []
        for folder in names.sorted() where folder.hasSuffix(".build") {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: debug + "/" + folder)) ?? []
            objects += files.sorted().filter { $0.hasSuffix(".o") }.map { debug + "/" + folder + "/" + $0 }
        }
        return PackageModules(packagePath: packagePath, scratchPath: scratch, targets: targets,
                              searchArguments: ["-I", modulesFolder], objectFiles: objects, built: built)
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
        environment["CLANG_MODULE_CACHE_PATH"] = scratch + "/module-cache"
        // Global options, so right after `build` or `package` (before `describe`).
        let arguments = Array(command.prefix(1)) + ["--manifest-cache", "local", "--cache-path", scratch + "/swiftpm-cache",
                                             "--security-path", scratch + "/swiftpm-security"] + command.dropFirst()
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
    /// `swift build` ran (false: the cache had the build).
    package let built: Bool

    /// The arguments swiftc needs for a program against this package.
    func arguments(linking: Bool) -> [String] {
        searchArguments + (linking ? objectFiles : [])
    }
}

/// What decides a package's build: its manifests, `Package.resolved` and everything under
/// `Sources/`, with the `swift` that builds it and the package's folder. An article elsewhere in the package (a README)
/// changes nothing; a dependency not resolved by `Package.resolved` is not pinned (SwiftPM's own
/// rule), except a local path dependency, whose manifest and sources count like the package's. Symbolic links are followed; unreadable files count by path only.
enum PackageSources {
    static func key(packagePath: String, swift: String) -> String {
        var encoding = CacheKeyEncoding()
        encoding.append("format", "package-1")
        encoding.append("platform", CacheKeyEncoding.platform)
        encoding.append("swift", URL(fileURLWithPath: swift).resolvingSymlinksInPath().path)
        // SwiftPM's build folder records absolute source paths: two copies of a package build apart.
        encoding.append("package", packagePath)
        for file in files(packagePath: packagePath) {
            encoding.append("path", file)
            encoding.append("sha256", SHA256.hexDigest(CacheFiles.readFile(packagePath + "/" + file)?.bytes ?? []))
        }
        // A local path dependency is built with the package and is not pinned by Package.resolved:
        // its sources decide the build too, or editing it would leave samples passing from the cache.
        for dependency in localDependencies(packagePath: packagePath) {
            let folder = dependency.hasPrefix("/") ? dependency : packagePath + "/" + dependency
            encoding.append("dependency", dependency)
            for file in files(packagePath: folder) {
                encoding.append("path", file)
                encoding.append("sha256", SHA256.hexDigest(CacheFiles.readFile(folder + "/" + file)?.bytes ?? []))
            }
        }
        return SHA256.hexDigest(encoding.bytes)
    }

    /// The literal paths of the manifest's `.package(path: "…")` dependencies (also with `name:`),
    /// in order. A path the manifest computes is not seen (said in guides.md); one level only.
    static func localDependencies(packagePath: String) -> [String] {
        guard let manifest = CacheFiles.readFile(packagePath + "/Package.swift") else { return [] }
        let text = String(decoding: manifest.bytes, as: UTF8.self)
        var paths: [String] = []
        var rest = text[...]
        while let call = rest.range(of: ".package(") {
            rest = rest[call.upperBound...]
            let arguments = rest.prefix { $0 != ")" }
            guard let label = arguments.range(of: "path:") else { continue }
            let value = arguments[label.upperBound...].drop { $0 == " " }
            guard value.first == "\"", let end = value.dropFirst().firstIndex(of: "\"") else { continue }
            paths.append(String(value[value.index(after: value.startIndex)..<end]))
        }
        return paths
    }

    /// The files of the key, relative to the package, sorted.
    static func files(packagePath: String) -> [String] {
        let top = (try? FileManager.default.contentsOfDirectory(atPath: packagePath)) ?? []
        var files = top.filter { ($0.hasPrefix("Package") && $0.hasSuffix(".swift")) || $0 == "Package.resolved" }
        if let walker = FileManager.default.enumerator(atPath: packagePath + "/Sources") {
            while let relative = walker.nextObject() as? String {
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: packagePath + "/Sources/" + relative, isDirectory: &isFolder), !isFolder.boolValue {
                    files.append("Sources/" + relative)
                }
            }
        }
        return files.sorted()
    }
}

/// The part of `swift package describe --type json` the build needs.
struct PackageDescriptionJSON {
    let libraryTargets: [String]
    private let swiftTargets: Set<String>

    init?(_ bytes: [UInt8]) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let targets = object["targets"] as? [[String: Any]] else { return nil }
        let products = object["products"] as? [[String: Any]] ?? []
        var fromProducts: [String] = []
        for product in products where (product["type"] as? [String: Any])?["library"] != nil {
            for target in product["targets"] as? [String] ?? [] where !fromProducts.contains(target) { fromProducts.append(target) }
        }
        let libraries = targets.filter { $0["type"] as? String == "library" }.compactMap { $0["name"] as? String }
        libraryTargets = fromProducts.isEmpty ? libraries.sorted() : fromProducts
        swiftTargets = Set(targets.filter { $0["module_type"] as? String == "SwiftTarget" }.compactMap { $0["name"] as? String })
    }

    func isSwift(_ target: String) -> Bool { swiftTargets.contains(target) }
}
