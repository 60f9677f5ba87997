import Foundation

/// What decides a package's build: its manifests, `Package.resolved` and everything under
/// `Sources/`, with the `swift` that builds it and the package's folder. An article elsewhere in the package (a README)
/// changes nothing; a dependency not resolved by `Package.resolved` is not pinned (SwiftPM's own
/// rule), except a local path dependency, whose manifest and sources count like the package's. Symbolic links are followed; unreadable files count by path only.
enum PackageSources {
    static func key(packagePath: String, swift: String) -> String {
        var encoding = CacheKeyEncoding()
        // 2: the complete marker holds SwiftPM's description (it held the target names).
        encoding.append("format", "package-2")
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
