import Foundation

/// Names a guide's reader could have (`ExcerptNames`): worked out once per file, and only when a
/// sample's errors are all unknown names, so a file whose samples pass reads nothing more.
final class ReachableNames: Sendable {
    private let file: @Sendable () -> DeclaredNames
    private let memo = LockedValue<DeclaredNames?>(nil)

    /// - Parameter package: the package the run builds (`--package`); without one, the package
    ///   the file lies in (the nearest `Package.swift` above it), whose API its text documents.
    init(plan: GuidePlan, package: String?) {
        file = {
            let package = package ?? ReachableNames.enclosingPackage(of: plan.lab.path)
            var names = DeclaredNames()
            for symbols in plan.symbols { names.formUnion(DeclaredNames.scan(symbols.code)) }
            // A doc comment's file: its own Swift code is what its samples document.
            if plan.lab.path.hasSuffix(".swift") { names.formUnion(DeclaredNames.scan(plan.lab.source.bytes)) }
            if let package { names.formUnion(ReachableNames.package(package)) }
            return names
        }
    }

    var names: DeclaredNames {
        if let known = memo.withLock({ $0 }) { return known }
        let names = file()
        memo.withLock { $0 = names }
        return names
    }

    /// Every declared name in the `.swift` files under the package's `Sources/`, once per package
    /// and process (a run checks many files against one package).
    static func package(_ path: String) -> DeclaredNames {
        if let known = packages.withLock({ $0[path] }) { return known }
        var names = DeclaredNames()
        let sources = URL(fileURLWithPath: path).appendingPathComponent("Sources")
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: [.isRegularFileKey],
                                                   options: [.skipsHiddenFiles])
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift",
                  (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                  let bytes = CacheFiles.readFile(file.path)?.bytes else { continue }
            names.formUnion(DeclaredNames.scan(bytes))
        }
        packages.withLock { $0[path] = names }
        return names
    }

    /// The nearest folder above `path` holding a `Package.swift`.
    static func enclosingPackage(of path: String) -> String? {
        var folder = URL(fileURLWithPath: CompileCache.absolute(path)).deletingLastPathComponent().standardizedFileURL
        for _ in 0..<64 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) { return folder.path }
            let parent = folder.deletingLastPathComponent()
            guard parent.path != folder.path else { return nil }
            folder = parent
        }
        return nil
    }

    private static let packages = LockedValue([String: DeclaredNames]())
}
