/// Finds files that use a name declared only in a later stage of the library.
///
/// A use is a violation when the name is a type or top-level declaration of a later stage (or,
/// after a dot, a member that a later stage's extension adds) and the file's own stage and the
/// stages before it declare nothing by that name.
struct LayeringChecker {
    /// The library's stages, in dependency order: a stage may use its own and earlier ones.
    static let stages = ["Support", "Process", "Markdown", "SwiftSource", "Lab", "Analysis", "Program", "Input", "Compile",
                         "Run", "Verify", "Grading", "Pipeline", "Update", "Report", "Formats", "Site", "Watch", "Serve", "Session"]

    /// One source file: its stage (a folder of `Sources/LabRunner`), its path for messages, its text.
    struct File {
        let stage: String
        let path: String
        let source: String
    }

    /// A use of a later stage's name.
    struct Violation: Equatable, CustomStringConvertible {
        let path: String
        let line: Int
        let column: Int
        let name: String
        let declaredIn: String

        var description: String { "\(path):\(line):\(column): uses '\(name)' of the later stage \(declaredIn)" }
    }

    /// Uses a file may make although they break the order: (path, name), each with its reason.
    var allowed: Set<[String]> = []

    func violations(in files: [File]) -> [Violation] {
        let facts = files.map { SourceFacts(source: $0.source) }
        let rank = Dictionary(uniqueKeysWithValues: Self.stages.enumerated().map { ($1, $0) })
        // Per stage: what it declares.
        var types = Array(repeating: [String: String](), count: Self.stages.count)
        var globals = Array(repeating: [String: String](), count: Self.stages.count)
        var extensionMembers = Array(repeating: [String: String](), count: Self.stages.count)
        var known = Array(repeating: Set<String>(), count: Self.stages.count)
        for (file, fact) in zip(files, facts) {
            guard let stage = rank[file.stage] else { continue }
            for name in fact.types { types[stage][name] = file.stage }
            for name in fact.globals { globals[stage][name] = file.stage }
            for name in fact.extensionMembers { extensionMembers[stage][name] = file.stage }
            known[stage].formUnion(fact.declared)
        }
        var violations: [Violation] = []
        for (file, fact) in zip(files, facts) {
            guard let stage = rank[file.stage] else { continue }
            let visible = known[0...stage].reduce(into: Set<String>()) { $0.formUnion($1) }
            for use in fact.uses where !visible.contains(use.name) && !allowed.contains([file.path, use.name]) {
                let later = (stage + 1)..<Self.stages.count
                let owner = later.lazy.compactMap {
                    types[$0][use.name] ?? (use.afterDot ? extensionMembers[$0][use.name] : globals[$0][use.name])
                }.first
                guard let owner else { continue }
                violations.append(Violation(path: file.path, line: use.line, column: use.column, name: use.name, declaredIn: owner))
            }
        }
        return violations
    }
}
