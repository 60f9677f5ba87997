import Foundation
import PackagePlugin

/// What `check-samples` gives `labrunner run`: the package's root README and the folders of its
/// targets (every Swift target but tests, or those `--target` names), as paths relative to
/// `base` (the folder `swift package` runs in) when they are inside it, so that reports and
/// GitHub's annotations name them as the repository does.
struct SampleSources {
    /// A target `--target` named that the package does not have.
    struct UnknownTarget: Error {
        let name: String
        let known: [String]

        var message: String {
            "no target named '\(name)' in this package; its targets: " + known.joined(separator: ", ")
        }
    }

    let packageName: String
    let packagePath: String
    let readme: String?
    let targets: [(name: String, path: String, catalogs: [String])]

    init(package: Package, targetNames: [String], base: URL) throws(UnknownTarget) {
        let base = base.standardizedFileURL.path
        func shown(_ url: URL) -> String {
            let path = url.standardizedFileURL.path
            if path == base { return "." }
            return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
        }
        packageName = package.displayName
        packagePath = shown(package.directoryURL)
        let readmeURL = package.directoryURL.appendingPathComponent("README.md")
        readme = targetNames.isEmpty && FileManager.default.fileExists(atPath: readmeURL.path) ? shown(readmeURL) : nil

        let modules = package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
        var chosen: [SwiftSourceModuleTarget] = []
        if targetNames.isEmpty {
            chosen = modules.filter { $0.kind != .test }
        } else {
            for name in targetNames {
                guard let module = modules.first(where: { $0.name == name }) else {
                    throw UnknownTarget(name: name, known: modules.map(\.name).sorted())
                }
                chosen.append(module)
            }
        }
        targets = chosen.map { module in
            (module.name, shown(module.directoryURL), Self.catalogs(in: module.directoryURL).map(shown))
        }
    }

    /// Every path to check: the README, then the targets' folders.
    var paths: [String] {
        (readme.map { [$0] } ?? []) + targets.map(\.path)
    }

    /// The first line said: which labrunner checks which package.
    func heading(version: String) -> String {
        "check-samples: \(version), package '\(packageName)' checked against itself (--package \(packagePath))"
    }

    /// A line per thing checked.
    var lines: [String] {
        var lines = readme.map { ["  \($0)"] } ?? []
        for target in targets {
            let catalogs = target.catalogs.isEmpty ? "" : ", DocC " + target.catalogs.joined(separator: ", ")
            lines.append("  \(target.path): target \(target.name)'s doc comments\(catalogs)")
        }
        return lines
    }

    /// The `.docc` folders under `folder`, in path order.
    static func catalogs(in folder: URL) -> [URL] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var found: [URL] = []
        for case let url as URL in walk where url.pathExtension == "docc" {
            found.append(url)
            walk.skipDescendants()
        }
        return found.sorted { $0.path < $1.path }
    }
}
