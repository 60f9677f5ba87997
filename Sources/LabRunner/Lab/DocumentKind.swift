/// How a Markdown file is checked: as a lab (one program, run per scenario, each cell's output
/// below it) or as a guide (every Swift block a sample of its own, compiled in the context a
/// reader has: the earlier declarations it uses).
///
/// The rule: a file that uses what only labs have (an `output` or `diagnostics` block, a
/// `scenarios:` front matter key, a `standalone`, `compile_fail` or `no_run` cell, an exercise)
/// is a lab, because those only mean something for one program run in order; any other file is
/// a guide. `<!-- labrunner: guide -->` or `<!-- labrunner: lab -->` before the first fence, or
/// `--as guide|lab` on the command line, says it explicitly.
package enum DocumentKind: String, Sendable, Equatable, CaseIterable {
    case lab, guide
}

/// The kind a file was read as, and why, in words for `labrunner list`.
package struct DocumentKindDecision: Sendable, Equatable {
    package let kind: DocumentKind
    package let reason: String

    /// The kind of a parsed file: `explicit` (the command line's, else the file's directive) wins.
    static func decide(explicit: (kind: DocumentKind, why: String)?, settingsScenarios: Bool,
                       cells: [Cell], exercises: [Exercise]) -> DocumentKindDecision {
        if let explicit { return DocumentKindDecision(kind: explicit.kind, reason: explicit.why) }
        // Nothing to check either way; a lab's report says so ("no Swift cells to compile").
        if cells.isEmpty { return DocumentKindDecision(kind: .lab, reason: "no Swift blocks") }
        if let cell = cells.first(where: { !$0.outputs.isEmpty }) {
            return DocumentKindDecision(kind: .lab, reason: "the swift cell at line \(cell.line) has an output block")
        }
        if settingsScenarios { return DocumentKindDecision(kind: .lab, reason: "its front matter sets scenarios") }
        if let cell = cells.first(where: { $0.role != .program }), let attribute = cell.role.attribute {
            return DocumentKindDecision(kind: .lab, reason: "the swift cell at line \(cell.line) is \(attribute.rawValue)")
        }
        if let exercise = exercises.first {
            return DocumentKindDecision(kind: .lab, reason: "it has an exercise (line \(exercise.line))")
        }
        return DocumentKindDecision(kind: .guide, reason: "no output blocks, scenarios, cell roles or exercises")
    }
}

/// How a guide's sample takes context from the samples before it (see `ContextDirective`):
/// `<!-- labrunner: fresh -->`, `continues=NAME`, and `name=NAME` to be continued.
struct SampleDirectives: Sendable, Equatable {
    var fresh = false
    var continues: String? = nil
    var name: String? = nil

    var isEmpty: Bool { !fresh && continues == nil && name == nil }

    /// Takes `word` if it is a sample directive; false for anything else.
    mutating func take(_ word: String) -> Bool {
        if word == "fresh" { fresh = true; return true }
        if word.hasPrefix("continues="), word.count > 10 { continues = String(word.dropFirst(10)); return true }
        if word.hasPrefix("name="), word.count > 5 { name = String(word.dropFirst(5)); return true }
        return false
    }
}
