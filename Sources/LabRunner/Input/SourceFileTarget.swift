import Foundation

/// The module a `.swift` file's doc-comment samples use without importing it, from the package
/// the file is in: the nearest `Package.swift` above it, whose targets' `path:` literals
/// (`.executableTarget(name: "generate-manual", path: "Tools/generate-manual")`, `.target(name:
/// "SystemPackage", path: "Sources/System")`) or SwiftPM's `Sources/<Target>/`, `Tests/<Target>/`
/// and `Plugins/<Target>/` folders say whose file it is; without a manifest, `Sources/<Target>/`
/// (`SourceFileModule`, by its path alone). With `--package`, SwiftPM's own description is read
/// instead (`PackageFileModules`). A module a run cannot have (an executable's,
/// a test target's) makes its samples skipped with it named, as a catalog's module does; a file in
/// no target (a script beside the package) has none, and its samples are compiled alone.
package enum SourceFileTarget {
    package static func module(forFile path: String) -> String? {
        guard SourceFileParser.isSwiftSource(path) else { return nil }
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        var folder = (file as NSString).deletingLastPathComponent
        while folder.count > 1 {
            if let manifest = FileManager.default.contents(atPath: folder + "/Package.swift") {
                let relative = String(file.dropFirst(folder.count + 1))
                return module(of: relative, manifest: String(decoding: manifest, as: UTF8.self))
            }
            folder = (folder as NSString).deletingLastPathComponent
        }
        return SourceFileModule.module(forFile: path)
    }

    /// The module of the file at `relative` (to the package's folder) in the package `manifest`.
    static func module(of relative: String, manifest: String) -> String? {
        let declared = targets(in: manifest).filter { $0.path.map { relative.hasPrefix($0 + "/") } ?? false }
        if let target = declared.max(by: { ($0.path ?? "").count < ($1.path ?? "").count }) {
            return SampleModules.moduleName(target.name)
        }
        let components = relative.split(separator: "/").map(String.init)
        if components.count > 2, ["Sources", "Tests", "Plugins"].contains(components[0]) { return SampleModules.moduleName(components[1]) }
        return nil
    }

    /// The targets the manifest declares with literal names, and their literal `path:` if any.
    static func targets(in manifest: String) -> [(name: String, path: String?)] {
        let openers = [".target(", ".executableTarget(", ".testTarget(", ".plugin(", ".macro("]
        var starts: [String.Index] = []
        for opener in openers {
            var rest = manifest[...]
            while let found = rest.range(of: opener) {
                starts.append(found.upperBound)
                rest = rest[found.upperBound...]
            }
        }
        starts.sort()
        return starts.enumerated().compactMap { index, start in
            let end = index + 1 < starts.count ? starts[index + 1] : manifest.endIndex
            let call = manifest[start..<end]
            guard let name = literal(after: "name:", in: call) else { return nil }
            return (name, literal(after: "path:", in: call))
        }
    }

    private static func literal(after label: String, in text: Substring) -> String? {
        guard let found = text.range(of: label) else { return nil }
        let value = text[found.upperBound...].drop { $0 == " " || $0 == "\n" }
        guard value.first == "\"", let end = value.dropFirst().firstIndex(of: "\"") else { return nil }
        return String(value[value.index(after: value.startIndex)..<end]).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }
}
