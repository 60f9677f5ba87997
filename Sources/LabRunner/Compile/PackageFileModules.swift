import Foundation

/// One target of a package as SwiftPM describes it: what a file under its folder belongs to, and
/// what every reader of that module's code has imported with it.
package struct PackageTarget: Sendable, Equatable {
    package let name: String
    /// Its module's name (SwiftPM's `c99name`).
    package let module: String
    /// Its folder, relative to the package (`path:` in the manifest, else `Sources/<name>`).
    package let path: String
    /// A Swift target.
    let isSwift: Bool
    /// A C, C++ or Objective-C target (SwiftPM's `ClangTarget`), which has a module map.
    let isClang: Bool
    /// The modules of the targets of its package it depends on.
    let targetDependencies: [String]
    /// The products of other packages it depends on, by product name.
    let productDependencies: [String]
}

/// The module a `.swift` file of a package belongs to, as SwiftPM's description says (the
/// manifest's `path:` included: `Sources/System/` is `SystemPackage`'s when the manifest says
/// so), and the modules its target depends on, which the file's samples get as its readers have them.
package struct PackageFileModules: Sendable, Equatable {
    /// The package's folder, absolute and standardized.
    let packagePath: String
    let targets: [PackageTarget]
    /// The products of other packages whose module was built under the product's name; nil when
    /// nothing was built (`list`): every product dependency counts.
    let builtProducts: Set<String>?

    /// A file's module and its target's dependencies; nil for a file that is not a `.swift` file
    /// inside one of the package's targets.
    package func module(forFile path: String) -> (name: String, dependencies: [String])? {
        guard SourceFileParser.isSwiftSource(path) else { return nil }
        let file = URL(fileURLWithPath: CompileCache.absolute(path)).standardizedFileURL.path
        guard file.hasPrefix(packagePath + "/") else { return nil }
        let relative = String(file.dropFirst(packagePath.count + 1))
        // Folders may nest (a target inside another's folder, which excludes it): the deepest wins.
        let owners = targets.filter { relative.hasPrefix($0.path + "/") || $0.path == "." || $0.path.isEmpty }
        guard let target = owners.max(by: { $0.path.count < $1.path.count }) else { return nil }
        let products = target.productDependencies.filter { builtProducts?.contains($0) ?? true }
        var dependencies: [String] = []
        for module in target.targetDependencies + products.map(SampleModules.moduleName) where !dependencies.contains(module) {
            dependencies.append(module)
        }
        return (target.module, dependencies)
    }
}
