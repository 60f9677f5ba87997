import Foundation

/// The part of `swift package describe --type json` the build needs.
struct PackageDescriptionJSON {
    /// A direct dependency: SwiftPM's identity, and its URL (source control), path (local) or,
    /// from a registry, its identity again.
    struct Dependency: Equatable, Sendable {
        let identity: String
        let location: String
    }

    let libraryTargets: [String]
    let dependencies: [Dependency]
    /// Every target of the package (tests and executables too), in the order SwiftPM lists them.
    let targets: [PackageTarget]
    /// The JSON as SwiftPM wrote it: kept with a complete build, so a warm run reads it instead of
    /// asking SwiftPM again.
    let bytes: [UInt8]

    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any],
              let targets = object["targets"] as? [[String: Any]] else { return nil }
        let products = object["products"] as? [[String: Any]] ?? []
        var fromProducts: [String] = []
        for product in products where (product["type"] as? [String: Any])?["library"] != nil {
            for target in product["targets"] as? [String] ?? [] where !fromProducts.contains(target) { fromProducts.append(target) }
        }
        let libraries = targets.filter { $0["type"] as? String == "library" }.compactMap { $0["name"] as? String }
        libraryTargets = fromProducts.isEmpty ? libraries.sorted() : fromProducts
        dependencies = (object["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
            guard let identity = dependency["identity"] as? String else { return nil }
            let location = dependency["url"] as? String ?? dependency["path"] as? String ?? identity
            return Dependency(identity: identity, location: location)
        }
        let names = Dictionary(targets.compactMap { target in (target["name"] as? String).map { ($0, target) } },
                               uniquingKeysWith: { first, _ in first })
        self.targets = targets.compactMap { target in
            guard let name = target["name"] as? String else { return nil }
            // A target's dependency is named by target name; its module is that target's c99name.
            let module = { (name: String) in names[name]?["c99name"] as? String ?? SampleModules.moduleName(name) }
            return PackageTarget(name: name, module: module(name), path: target["path"] as? String ?? "Sources/" + name,
                                 isSwift: target["module_type"] as? String == "SwiftTarget",
                                 isClang: target["module_type"] as? String == "ClangTarget",
                                 targetDependencies: (target["target_dependencies"] as? [String] ?? []).map(module),
                                 productDependencies: target["product_dependencies"] as? [String] ?? [])
        }
    }

    func isSwift(_ target: String) -> Bool { targets.contains { $0.name == target && $0.isSwift } }
}
