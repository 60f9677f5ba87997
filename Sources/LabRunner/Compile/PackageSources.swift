import Foundation

/// What decides a package's build: its manifests, `Package.resolved` and everything under
/// `Sources/` but DocC catalogs (and under a target's literal `path:` elsewhere), with the `swift` that builds it and the package's folder. An article (a README, a catalog's)
/// changes nothing; a dependency not resolved by `Package.resolved` is not pinned (SwiftPM's own
/// rule), except a local path dependency, whose manifest and sources count like the package's. Symbolic links are followed; unreadable files count by path only.
enum PackageSources {
    static func key(packagePath: String, swift: String) -> String {
        var encoding = CacheKeyEncoding()
        // 3: the complete marker holds SwiftPM's description (it held the target names), and the
        // C modules' flags are kept beside it.
        encoding.append("format", "package-3")
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
        PackageManifestDependencies.calls(in: packagePath + "/Package.swift").compactMap(\.path)
    }

    /// The files of the key, relative to the package, sorted: the manifests, `Package.resolved`,
    /// everything under `Sources/` and under each literal `path:` of a target outside it
    /// (`.target(name: "Core", path: "Library/Core")`: SwiftPM builds it from there), but the
    /// `.docc` folders in them.
    static func files(packagePath: String) -> [String] {
        let top = (try? FileManager.default.contentsOfDirectory(atPath: packagePath)) ?? []
        var files = top.filter { ($0.hasPrefix("Package") && $0.hasSuffix(".swift")) || $0 == "Package.resolved" }
        let manifest = CacheFiles.readFile(packagePath + "/Package.swift").map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        var folders = ["Sources"]
        for path in SourceFileTarget.targets(in: manifest).compactMap(\.path) {
            let parts = path.split(separator: "/").map(String.init)
            // Inside the package only, each folder once (one inside another is walked with it).
            guard !parts.isEmpty, !parts.contains(".."), !parts.contains("."),
                  !folders.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else { continue }
            folders.removeAll { $0.hasPrefix(path + "/") }
            folders.append(path)
        }
        for folder in folders {
            guard let walker = FileManager.default.enumerator(atPath: packagePath + "/" + folder) else { continue }
            while let relative = walker.nextObject() as? String {
                var isFolder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: packagePath + "/" + folder + "/" + relative, isDirectory: &isFolder) else { continue }
                if !isFolder.boolValue {
                    files.append(folder + "/" + relative)
                } else if relative.hasSuffix(".docc") {
                    // A DocC catalog is documentation `swift build` does not read: editing an
                    // article builds nothing again.
                    walker.skipDescendants()
                }
            }
        }
        return files.sorted()
    }
}
