import Foundation

/// The `list` view of a lab, as text for people and as JSON for tools.
package struct LabListing: Codable, Sendable {
    struct Settings: Codable, Sendable {
        let title: String?
        let scenarios: [String]
        let swiftVersion: String
        let timeout: Double
        let swiftcFlags: [String]
        /// A `.labrunner` file's `imports`; nil when none.
        var imports: [String]? = nil
        /// The settings a `.labrunner` file or the front matter set, with where; nil when none.
        var sources: [SettingSource]? = nil
    }
    struct CellEntry: Codable, Sendable {
        let index: Int
        let line: Int
        let section: String?
        let attributes: [String]
        /// "any", or "apple" for cells compiled only where SwiftUI exists.
        let platform: String
        let platformReason: String?
        let outputs: [OutputEntry]
        /// The line of a `compile_fail` cell's `diagnostics` block.
        let diagnosticsLine: Int?
    }
    struct OutputEntry: Codable, Sendable {
        let line: Int
        /// Empty: every scenario without a block of its own.
        let scenarios: [String]
    }
    struct BlockEntry: Codable, Sendable {
        let line: Int
        let info: String
        let code: String
    }

    let path: String
    let settings: Settings
    let sections: [String]
    let cells: [CellEntry]
    let blocks: [BlockEntry]

    package init(_ lab: Lab) {
        path = lab.path
        let s = lab.settings
        settings = Settings(title: s.title, scenarios: s.scenarios, swiftVersion: s.swiftVersion, timeout: s.timeout, swiftcFlags: s.swiftcFlags,
                            imports: s.imports.isEmpty ? nil : s.imports, sources: SettingSource.list(s))
        sections = lab.sections
        cells = lab.cells.map { cell in
            var reason: String? = nil
            if case .apple(let why) = cell.platform { reason = why }
            return CellEntry(index: cell.index, line: cell.line, section: cell.section,
                             attributes: cell.attributes.map(\.rawValue), platform: reason == nil ? "any" : "apple",
                             platformReason: reason,
                             outputs: cell.outputs.map { OutputEntry(line: $0.line, scenarios: $0.scenarios) },
                             diagnosticsLine: cell.expectedDiagnostics?.openingLine)
        }
        blocks = lab.blocks.map { BlockEntry(line: $0.openingLine, info: $0.info, code: $0.code) }
    }

    package func json() throws(JSONText.Failure) -> String {
        try JSONText.encode(self, what: "the listing")
    }

    package func text() -> [String] {
        var out = [path + (settings.title.map { "  \($0)" } ?? "")]
        out.append("scenarios: \(settings.scenarios.joined(separator: ", "))")
        out.append("swift-version: \(settings.swiftVersion), timeout: \(ReportText.seconds(settings.timeout))"
                   + (settings.swiftcFlags.isEmpty ? "" : ", swiftc-flags: \(settings.swiftcFlags.joined(separator: " "))"))
        out += (settings.sources ?? []).map(\.line)
        out.append("sections: \(sections.isEmpty ? "(none)" : sections.joined(separator: ", "))")
        out.append("cells:")
        for cell in cells {
            var words = ["  line \(cell.line)", cell.section.map { "[\($0)]" } ?? "[-]", "swift"] + cell.attributes
            if let reason = cell.platformReason, !cell.attributes.contains("apple") { words.append("(apple: \(reason))") }
            out.append(words.joined(separator: " "))
            for output in cell.outputs {
                let names = output.scenarios.isEmpty ? "all scenarios" : output.scenarios.joined(separator: ", ")
                out.append("    output line \(output.line): \(names)")
            }
            if let line = cell.diagnosticsLine { out.append("    diagnostics line \(line)") }
        }
        out.append("blocks: \(blocks.count) fenced code block\(blocks.count == 1 ? "" : "s")")
        return out
    }
}
