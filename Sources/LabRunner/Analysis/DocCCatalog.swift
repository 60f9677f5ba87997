import Foundation

/// The module a DocC catalog's samples use without importing it, when the catalog belongs to one.
///
/// A catalog is a module's documentation only where SwiftPM makes it one: inside
/// `Sources/<Target>/` (SwiftPM's layout, kept by documentation copied without its manifest), the
/// module is that target (`Sources/ArgumentParser/Documentation.docc/…` → `ArgumentParser`); a catalog elsewhere in the
/// package the run names (`--package`, `package:`) is named for its module (`Charts.docc` →
/// `Charts`; `Documentation.docc` names none). Any other catalog (a book kept as `Book.docc/` at a
/// repository's root: the catalog *is* the product) implies nothing, and its samples are a guide's
/// samples like any other: taking its name for a module would skip every one of them.
package enum DocCCatalog {
    /// The catalog's module for the file at `path`; nil outside a catalog, or for a catalog that
    /// is neither a target's nor in `package` (the folder of the package the run compiles against).
    package static func module(forFile path: String, package: String?) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let catalog = components.lastIndex(where: { $0.hasSuffix(".docc") && $0.count > 5 }) else { return nil }
        if let sources = components[..<catalog].lastIndex(of: "Sources"), sources + 1 < catalog {
            return SampleModules.moduleName(components[sources + 1])
        }
        guard let package, inside(folder(path, components[..<catalog]), package) else { return nil }
        let name = String(components[catalog].dropLast(5))
        return name == "Documentation" ? nil : SampleModules.moduleName(name)
    }

    /// The folder of the first `components` of `path`, as written (`.` for none of a relative path).
    private static func folder(_ path: String, _ components: ArraySlice<String>) -> String {
        let joined = components.joined(separator: "/")
        return path.hasPrefix("/") ? "/" + joined : joined.isEmpty ? "." : joined
    }

    private static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `folder` is `package` or below it.
    private static func inside(_ folder: String, _ package: String) -> Bool {
        let folder = absolute(folder), package = absolute(package)
        return folder == package || folder.hasPrefix(package.hasSuffix("/") ? package : package + "/")
    }
}
