/// Why `--package DIR` could not be built: the run stops before any file is checked (exit 2).
package enum PackageBuildError: Error, CustomStringConvertible, Equatable {
    case notAPackage(String)
    /// No `swift` beside `swiftc`.
    case swiftMissing(String)
    case swiftFailed(String, reason: String)
    case scratch(String)
    /// The build folder, or the folder holding it, belongs to another user.
    case foreign(String)
    case describeFailed(String, output: String)
    case noLibrary(String)
    case buildFailed(String, target: String, output: String)
    /// A direct dependency could not be fetched (named, with its line in the manifest).
    case dependencyUnavailable(PackageDependencyFailure)
    /// `swift package resolve` failed without naming a direct dependency (one of theirs, say).
    case resolveFailed(String, output: String)
    /// The build succeeded but its modules are not where this SwiftPM version was expected to put them.
    case layout(String)
    /// The build succeeded but its plan does not give the flags that find its C targets' module maps.
    case moduleMaps(String)

    package var description: String {
        switch self {
        case .notAPackage(let path): "--package \(path): no Package.swift in this folder"
        case .swiftMissing(let swift): "no swift executable at \(swift) (beside swiftc), needed to build the package"
        case .swiftFailed(let swift, let reason): "\(swift) could not be started (\(reason))"
        case .scratch(let path): "cannot write the package's build folder \(path)"
        case .foreign(let path): "the package's build folder \(path) belongs to another user: refused (its code would be run)"
        case .describeFailed(let path, _): "swift package describe failed for \(path)"
        case .noLibrary(let path): "the package \(path) has no library target to build"
        case .buildFailed(let path, let target, _): "the package \(path) did not build (swift build --target \(target) failed)"
        case .dependencyUnavailable(let failure): failure.message
        case .resolveFailed(let path, _): "the dependencies of the package \(path) could not be resolved (swift package resolve failed)"
        case .layout(let path): "the package built, but its modules are not in \(path)/debug/Modules: an unknown SwiftPM layout"
        case .moduleMaps(let path):
            "the package built, but \(path)/debug/description.json does not say where its C targets' module maps are: an unknown SwiftPM layout"
        }
    }

    /// The swiftc-style line `Package.swift:line:col: error: …`, when the error has a place.
    package var located: String? {
        if case .dependencyUnavailable(let failure) = self { return failure.located }
        return nil
    }

    /// The last lines of what swift printed, to show below the description.
    package var outputTail: [String] {
        switch self {
        case .describeFailed(_, let output), .buildFailed(_, _, let output), .resolveFailed(_, let output):
            Array(output.split(separator: "\n", omittingEmptySubsequences: true).suffix(15).map(String.init))
        default: []
        }
    }
}
