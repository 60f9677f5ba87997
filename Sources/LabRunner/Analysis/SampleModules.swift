/// The modules a sample needs: the ones it imports, and for a file in a target's DocC catalog
/// the catalog's module, which its samples use without importing it (`DocCCatalog`).
package enum SampleModules {
    /// Why a sample needs a module.
    package struct Need: Sendable, Equatable {
        package let module: String
        /// The line of its `import` in the sample's code; nil for a catalog's module.
        package let line: Int?
        /// A library module of the package the run compiles against, which the sample imports
        /// nothing of (`GuidePlan.packageLibraries`).
        package var fromPackage = false
        /// A module the file's module depends on (its target's dependency in the package): every
        /// reader of the module's code has it imported with it.
        package var fromDependency = false
    }

    /// Unconditional imports (not placeholders, not inside `#if`) in order, then `catalogModule`
    /// (the module of the file's DocC catalog, if it has one) when the sample does not import it,
    /// then its `dependencies` the sample does not import.
    package static func needs(_ symbols: SampleSymbols, catalogModule: String?, dependencies: [String] = []) -> [Need] {
        var needs: [Need] = []
        for imported in symbols.imports where !imported.isConditional && !needs.contains(where: { $0.module == imported.module }) {
            needs.append(Need(module: imported.module, line: imported.line))
        }
        if let module = catalogModule, !needs.contains(where: { $0.module == module }) {
            needs.append(Need(module: module, line: nil))
        }
        for module in dependencies where !needs.contains(where: { $0.module == module }) {
            needs.append(Need(module: module, line: nil, fromDependency: true))
        }
        return needs
    }

    /// A module name as an `import` must write it: a raw identifier (`myapp/utils`, SE-0451) in backticks.
    package static func importable(_ module: String) -> String {
        let plain = module.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
            && !(module.unicodeScalars.first.map { ("0"..."9").contains($0) } ?? true)
        return plain ? module : "`\(module)`"
    }

    /// A folder or catalog name as a module name (SwiftPM's `c99name`).
    static func moduleName(_ name: String) -> String {
        var result = String(name.unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" ? Character(scalar) : "_"
        })
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result
    }
}
