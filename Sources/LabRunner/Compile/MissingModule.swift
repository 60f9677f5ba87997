/// A module a lab imports that this machine's toolchain does not have (Firebase, ComposableArchitecture…).
package struct MissingModule: Sendable, Equatable {
    let name: String
    /// Lines of the cells that import it.
    let cellLines: [Int]

    /// Modules that come with every Swift toolchain: a "missing" name close to one of these is a
    /// typo to report as an error, not a module to skip the lab for.
    static let toolchainModules = ["Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML",
                                   "Dispatch", "Observation", "Synchronization", "RegexBuilder", "Distributed",
                                   "Glibc", "Musl", "Darwin", "XCTest", "Testing", "Combine", "os", "_Concurrency"]

    /// The modules swiftc said it could not find, each with the cells that import it; empty when
    /// any of them looks like a misspelt toolchain module.
    static func find(in diagnostics: [Diagnostic], cells: [Cell]) -> [MissingModule] {
        var names: [String] = []
        for diagnostic in diagnostics where diagnostic.severity == .error {
            guard diagnostic.message.hasPrefix("no such module '"),
                  let name = diagnostic.message.dropFirst("no such module '".count).split(separator: "'").first
            else { continue }
            if !names.contains(String(name)) { names.append(String(name)) }
        }
        // `Combine` missing on Linux is a platform gap; `Foundatoin` is a typo.
        if names.contains(where: { name in EditDistance.closest(to: name, in: toolchainModules.filter { $0 != name }) != nil }) {
            return []
        }
        return names.map { name in
            MissingModule(name: name, cellLines: cells.filter { imports($0.block.code, module: name) }.map(\.line))
        }
    }

    /// True when `code` has an `import` of `module` (also `@testable`, `@preconcurrency`, `import struct M.T`).
    static func imports(_ code: String, module: String) -> Bool {
        for line in code.split(separator: "\n") {
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" })[...]
            while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
            guard words.first == "import" else { continue }
            words = words.dropFirst()
            if let kind = words.first, ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias", "actor"].contains(kind) {
                words = words.dropFirst()
            }
            if let path = words.first, path.split(separator: ".").first.map(String.init) == module { return true }
        }
        return false
    }
}
