@testable import LabRunner

/// A sample's top-level items as text, one line per item with only the facts it has, for tests
/// that compare them whole (`SampleSymbolsTests`, the corpus snapshot).
enum SymbolsDump {
    /// `[1-4:1] struct names [Point] conforms [Equatable] members [x, y] uses [Double]`, and the imports last.
    static func dump(_ symbols: SampleSymbols) -> String {
        var lines = symbols.items.map { item in
            "[\(item.lines.lowerBound)-\(item.lines.upperBound):\(item.column)] " + facts(item, bytes: false).joined(separator: " ")
        }
        if !symbols.imports.isEmpty { lines.append(imports(symbols)) }
        return lines.joined(separator: "\n")
    }

    /// The item's kind, then each fact it has: `names [a, b]`, `extends T`, `missing [func f@2]`…
    static func facts(_ item: TopLevelItem, bytes: Bool) -> [String] {
        var parts = [item.kind?.rawValue ?? "statement"]
        if bytes { parts.append("bytes \(item.range.lowerBound)..<\(item.range.upperBound)") }
        func list(_ label: String, _ values: [String]) {
            if !values.isEmpty { parts.append("\(label) [\(values.joined(separator: ", "))]") }
        }
        list("names", item.names)
        if let type = item.extendedType { parts.append("extends \(type)") }
        list("conforms", item.conformances)
        list("members", item.memberNames)
        list("attributes", item.attributes)
        list("modifiers", item.modifiers)
        list("missing", item.missingBodies.map { body in
            "\(body.declaration)@\(body.line)" + (body.requirementAccessors.map { " accessors \($0.lowerBound)..<\($0.upperBound)" } ?? "")
        })
        list("uses", item.uses.sorted())
        list("member uses", item.memberUses.sorted())
        list("placeholders", item.placeholders)
        // Any other item's keys are its names.
        if item.kind == .extension { list("keys", item.topLevelKeys.map(\.description)) }
        return parts
    }

    /// `imports Foundation@1, Glibc@3 (conditional)`.
    static func imports(_ symbols: SampleSymbols) -> String {
        "imports " + symbols.imports.map { imported in
            "\(imported.module)@\(imported.line)" + (imported.isConditional ? " (conditional)" : "")
        }.joined(separator: ", ")
    }
}
