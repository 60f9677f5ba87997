/// The modules a sample needs: the ones it imports, and for a file in a DocC catalog the
/// catalog's module, which its samples use without importing it.
///
/// The catalog's module: for `…/Sources/Foo/…/Bar.docc/…`, the target folder `Foo` (SwiftPM's
/// layout: a catalog belongs to the target whose folder holds it); elsewhere the catalog's own
/// name, `Foo.docc` → `Foo`, unless that is `Documentation` (a generic name, no module). A name
/// becomes a module name as SwiftPM makes one: every character that cannot be in an identifier
/// becomes `_`, and a leading digit gets a `_` before it (`swift-nio` → `swift_nio`).
package enum SampleModules {
    /// Why a sample needs a module.
    package struct Need: Sendable, Equatable {
        package let module: String
        /// The line of its `import` in the sample's code; nil for a catalog's module.
        package let line: Int?
    }

    /// Unconditional imports (not placeholders, not inside `#if`) in order, then the catalog's
    /// module when `path` is inside a `*.docc` catalog and the sample does not import it.
    package static func needs(_ symbols: SampleSymbols, path: String) -> [Need] {
        var needs: [Need] = []
        for imported in symbols.imports where !imported.isConditional && !needs.contains(where: { $0.module == imported.module }) {
            needs.append(Need(module: imported.module, line: imported.line))
        }
        if let module = catalogModule(forFile: path), !needs.contains(where: { $0.module == module }) {
            needs.append(Need(module: module, line: nil))
        }
        return needs
    }

    /// The module of the DocC catalog holding `path`; nil outside a catalog.
    package static func catalogModule(forFile path: String) -> String? {
        let components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let catalog = components.lastIndex(where: { $0.hasSuffix(".docc") && $0.count > 5 }) else { return nil }
        if let sources = components[..<catalog].lastIndex(of: "Sources"), sources + 1 < catalog {
            return moduleName(components[sources + 1])
        }
        let name = String(components[catalog].dropLast(5))
        return name == "Documentation" ? nil : moduleName(name)
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
