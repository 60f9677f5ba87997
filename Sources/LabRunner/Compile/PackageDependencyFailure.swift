import Foundation

/// A dependency of the package SwiftPM could not fetch (`swift package resolve` failed), named
/// with the reason SwiftPM gives and, when the manifest writes it as a literal, the line and
/// column of its `.package(…)` in `Package.swift`.
package struct PackageDependencyFailure: Sendable, Equatable {
    /// `Package.swift`, absolute.
    package let manifest: String
    /// Where the manifest declares it (1-based), when found.
    package let line: Int?
    package let column: Int?
    /// SwiftPM's identity of the dependency (`swift-collections`).
    package let identity: String
    /// Its URL, or for a local path dependency its path, as `swift package describe` gives it.
    package let location: String
    /// SwiftPM's reason, one line (`repository '/x' does not exist`, `Could not resolve host: …`).
    package let reason: String

    /// `Package.swift:7:9: error: …` when the line is known, else the message alone.
    package var message: String {
        "the dependency '\(identity)' (\(location)) cannot be fetched: \(reason)"
    }

    /// The swiftc-style line: `path:line:col: error: message`, or nil without a line.
    package var located: String? {
        guard let line, let column else { return nil }
        return "\(manifest):\(line):\(column): error: \(message)"
    }

    /// The failing dependency among `dependencies` (the package's direct ones): the one whose URL
    /// or path SwiftPM's `output` mentions in an error, with SwiftPM's last reason line. Nil when
    /// none is mentioned (a dependency's own dependency failed: the output is shown instead).
    static func find(output: String, dependencies: [PackageDescriptionJSON.Dependency], packagePath: String) -> PackageDependencyFailure? {
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let errors = lines.filter { $0.hasPrefix("error:") || $0.hasPrefix("fatal:") }
        guard let dependency = dependencies.first(where: { dependency in
            errors.contains { $0.contains(dependency.location) || $0.contains(Self.withoutScheme(dependency.location)) }
        }) else { return nil }
        let reasonLine = lines.last { $0.hasPrefix("fatal:") } ?? errors.last ?? ""
        var reason = reasonLine
        for prefix in ["fatal:", "error:"] where reason.hasPrefix(prefix) { reason = String(reason.dropFirst(prefix.count)) }
        reason = reason.trimmingCharacters(in: .whitespaces)
        if reason.hasSuffix(":") { reason.removeLast() }
        let manifest = packagePath + "/Package.swift"
        let call = PackageManifestDependencies.calls(in: manifest).first { call in
            if let url = call.url { return url == dependency.location || Self.withoutScheme(url) == Self.withoutScheme(dependency.location) }
            if let path = call.path {
                let absolute = path.hasPrefix("/") ? path : packagePath + "/" + path
                return URL(fileURLWithPath: absolute).standardizedFileURL.path == URL(fileURLWithPath: dependency.location).standardizedFileURL.path
            }
            return false
        }
        return PackageDependencyFailure(manifest: manifest, line: call?.line, column: call?.column,
                                        identity: dependency.identity, location: dependency.location, reason: reason)
    }

    private static func withoutScheme(_ location: String) -> String {
        location.hasPrefix("file://") ? String(location.dropFirst("file://".count)) : location
    }
}

/// The `.package(…)` calls of a manifest whose `url:` or `path:` is a string literal, with their
/// line and column: read as text, not run (a computed URL or path is not seen).
enum PackageManifestDependencies {
    struct Call: Equatable {
        let line: Int
        let column: Int
        let url: String?
        let path: String?
    }

    static func calls(in manifest: String) -> [Call] {
        guard let file = CacheFiles.readFile(manifest) else { return [] }
        return calls(text: String(decoding: file.bytes, as: UTF8.self))
    }

    static func calls(text: String) -> [Call] {
        var calls: [Call] = []
        var rest = text[...]
        while let call = rest.range(of: ".package(") {
            let before = text[..<call.lowerBound]
            let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
            let column = before[lineStart...].utf8.count + 1
            rest = rest[call.upperBound...]
            let arguments = rest.prefix { $0 != ")" }
            let url = literal(after: "url:", in: arguments), path = literal(after: "path:", in: arguments)
            if url != nil || path != nil { calls.append(Call(line: line, column: column, url: url, path: path)) }
        }
        return calls
    }

    private static func literal(after label: String, in arguments: Substring) -> String? {
        guard let found = arguments.range(of: label) else { return nil }
        let value = arguments[found.upperBound...].drop { $0 == " " || $0 == "\n" }
        guard value.first == "\"", let end = value.dropFirst().firstIndex(of: "\"") else { return nil }
        return String(value[value.index(after: value.startIndex)..<end])
    }
}
