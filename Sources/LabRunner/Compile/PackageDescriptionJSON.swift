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
        dependencies = (object["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
            guard let identity = dependency["identity"] as? String else { return nil }
            let location = dependency["url"] as? String ?? dependency["path"] as? String ?? identity
            return Dependency(identity: identity, location: location)
        }
        swiftTargets = Set(targets.filter { $0["module_type"] as? String == "SwiftTarget" }.compactMap { $0["name"] as? String })
    }

    func isSwift(_ target: String) -> Bool { swiftTargets.contains(target) }
}
