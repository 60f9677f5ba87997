import Foundation

/// Which files a run checks, decided from their content before anything is built: every
/// `--scenario` name must be declared by some lab of the run, and `--shard K/N` takes its share
/// by weight (see `Shard`).
package enum DocumentSelection {
    /// `paths` (as `DocumentFile.expand` gives them) narrowed to `shard`, after checking `scenarios`
    /// against all of them: a scenario is unknown when no lab of the whole run declares it, so
    /// every shard of a matrix agrees. Reads nothing without `scenarios` or `shard`.
    package static func select(_ paths: [String], scenarios: [String], shard: Shard?,
                               bareLanguage: String? = nil, configs: TreeConfigSearch? = nil) throws(UnknownScenario) -> [String] {
        guard !scenarios.isEmpty || shard != nil else { return paths }
        // A broken `.labrunner` reads as none here: the run reports it before it selects anything.
        let facts = Parallel.map(paths.count, width: ProcessInfo.processInfo.activeProcessorCount) { index in
            Facts(path: paths[index], weighed: shard != nil, bareLanguage: bareLanguage, config: try? configs?.config(for: paths[index]))
        }
        let readable = facts.compactMap(\.scenarios)
        // Without a single readable lab the run's own input errors say more than this check.
        if !readable.isEmpty {
            let declared = readable.flatMap { $0 }
            if let unknown = scenarios.first(where: { !declared.contains($0) }) {
                var names: [String] = []
                for name in declared where !names.contains(name) { names.append(name) }
                throw UnknownScenario(name: unknown, declared: names)
            }
        }
        guard let shard else { return paths }
        return shard.select(facts.map { ($0.path, $0.weight) })
    }

    /// What selection needs of one file.
    private struct Facts: Sendable {
        let path: String
        /// Nil when the file or its front matter cannot be read: the run reports it.
        let scenarios: [String]?
        let weight: Int

        /// `config`: the file's `.labrunner` (its `bare` language decides which fences are cells).
        init(path: String, weighed: Bool, bareLanguage: String?, config: TreeConfig?) {
            self.path = path
            guard let bytes = try? DocumentFile.read(path) else {
                (scenarios, weight) = (nil, 0)
                return
            }
            if weighed, let lab = try? LabParser.parse(bytes: bytes, path: path, bareLanguage: bareLanguage, config: config) {
                (scenarios, weight) = (lab.scenarios, Shard.weight(of: lab))
                return
            }
            // Scenarios are declared in the front matter: no need to read the cells for them.
            scenarios = try? FrontMatter.parse(MarkdownSource(bytes: bytes), path: path).settings.scenarios
            weight = 0
        }
    }
}

/// A `--scenario` name no lab of the run declares (exit status 2, before anything is built).
package struct UnknownScenario: Error, CustomStringConvertible, Equatable {
    let name: String
    /// Every scenario the run's labs declare, in order of first appearance.
    let declared: [String]

    package var description: String {
        if let close = EditDistance.closest(to: name, in: declared) {
            return "unknown scenario '\(name)'; did you mean '\(close)'?"
        }
        return "unknown scenario '\(name)'; the labs declare \(declared.joined(separator: ", "))"
    }
}
