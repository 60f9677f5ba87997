import Foundation
@testable import LabRunner

/// The guide analysis of every Markdown file under a corpus root, as stable text: what `GuidePlan`
/// makes of each sample (role, reasons, modules, context), how `SampleBatches` packs the file, and
/// each sample's top-level items as `SampleSymbols` reads them. Nothing is compiled.
///
/// Two texts, so that a change in the outline of items shows apart from a change in what the tool
/// decides: `analysis` has one line per sample (`path:line → role …`), `items` one line per
/// top-level item. Paths are relative to the root; lines are the Markdown file's.
struct CorpusSnapshot {
    var analysis: [String] = []
    var items: [String] = []

    /// Files are analysed on every core (each alone, as the tool does) and their lines joined in
    /// path order: the text is the same as one file after another, in a fraction of the time.
    init(root: URL) throws {
        let paths = try Self.markdownFiles(under: root)
        let parts = Parallel.map(paths.count, width: ProcessInfo.processInfo.activeProcessorCount) { index in
            Result { () throws -> CorpusSnapshot in
                var part = CorpusSnapshot()
                part.add(path: paths[index], bytes: Array(try Data(contentsOf: root.appendingPathComponent(paths[index]))))
                return part
            }
        }
        for part in parts {
            let part = try part.get()
            analysis += part.analysis
            items += part.items
        }
    }

    private init() {}

    /// Relative paths of the `.md` and `.markdown` files under `root`, sorted.
    static func markdownFiles(under root: URL) throws -> [String] {
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path)
        return paths.filter { $0.hasSuffix(".md") || $0.hasSuffix(".markdown") }.sorted()
    }

    private mutating func add(path: String, bytes: [UInt8]) {
        let plan: GuidePlan
        do throws(LabError) {
            let lab = try LabParser.parse(bytes: bytes, path: path)
            guard lab.isGuide else {
                if !lab.cells.isEmpty { analysis.append("\(path) → lab (\(lab.kind.reason))") }
                return
            }
            plan = try GuidePlan(lab, appleAvailable: false)
        } catch {
            analysis.append("\(path) → invalid: \(error.location.line): \(error.message)")
            return
        }
        guard !plan.samples.isEmpty else { return }
        for index in plan.samples.indices {
            analysis.append(Self.describe(sample: index, of: plan, path: path))
            items += Self.describeItems(of: index, in: plan, path: path)
        }
        analysis.append("\(path) → batches \(Self.batches(plan))")
    }

    /// `path:12 → program (runs) needs [Foundation@13] context [struct Point (line 6): uses Point]`.
    static func describe(sample index: Int, of plan: GuidePlan, path: String) -> String {
        let sample = plan.samples[index]
        var parts = ["\(path):\(sample.line) → \(role(sample.role, sample: index, of: plan))"]
        if sample.isHiddenSetup { parts.append("hidden") }
        if !sample.prints.isEmpty {
            parts.append("prints \(sample.prints.map { String(plan.markdownLine(sample: index, codeLine: $0.line)) })")
        }
        let need = { (need: SampleModules.Need) in
            need.module + (need.line.map { "@\(plan.markdownLine(sample: index, codeLine: $0))" } ?? "")
        }
        if !sample.needs.isEmpty { parts.append("needs [\(sample.needs.map(need).joined(separator: ", "))]") }
        if !sample.inheritedImports.isEmpty {
            parts.append("inherits [\(sample.inheritedImports.map { $0.module + ($0.line.map { "@\($0)" } ?? "") }.joined(separator: ", "))]")
        }
        let context = plan.contexts[index]
        if !context.entries.isEmpty {
            let entries = context.entries.map { "\(plan.describe($0.reference)): \($0.reason.description(plan.describe))" }
            parts.append("context [\(entries.joined(separator: "; "))]")
        }
        if !context.listingUses.isEmpty {
            parts.append("listing uses [\(context.listingUses.map { "\($0.name)@\(plan.samples[$0.sample].line)" }.joined(separator: ", "))]")
        }
        return parts.joined(separator: " ")
    }

    private static func role(_ role: SampleRole, sample: Int, of plan: GuidePlan) -> String {
        switch role {
        case .program(let runs): runs ? "program (runs)" : "program"
        case .manifest: "manifest"
        case .listing(let reasons):
            "listing (\(reasons.map { "\($0.description)@\(plan.markdownLine(sample: sample, codeLine: $0.line))" }.joined(separator: "; ")))"
        case .skipped(let skip): "skipped (\(skip.description))"
        }
    }

    /// The file's programs as `SampleBatches` packs its samples that would be compiled, by line.
    private static func batches(_ plan: GuidePlan) -> String {
        let referenced = Set(plan.contexts.flatMap(\.references))
        let candidates = plan.samples.indices.compactMap { index -> BatchCandidate? in
            guard case .program(let runs) = plan.samples[index].role else { return nil }
            return BatchCandidate(sample: index, symbols: plan.symbols, context: plan.contexts[index], referenced: referenced, runs: runs)
        }
        let batches = SampleBatches.pack(candidates).map { batch in batch.map { String(plan.samples[$0].line) }.joined(separator: " ") }
        return "[" + batches.joined(separator: "] [") + "]"
    }

    /// One line per top-level item: `path:12 #0 3-5:1 struct bytes 0..<40 names [Point] …`, then the imports.
    static func describeItems(of index: Int, in plan: GuidePlan, path: String) -> [String] {
        let symbols = plan.symbols[index]
        var lines = symbols.items.enumerated().map { number, item in
            let first = plan.markdownLine(sample: index, codeLine: item.lines.lowerBound)
            let last = plan.markdownLine(sample: index, codeLine: item.lines.upperBound)
            return (["\(path):\(plan.samples[index].line) #\(number) \(first)-\(last):\(item.column)"]
                + SymbolsDump.facts(item, bytes: true)).joined(separator: " ")
        }
        if !symbols.imports.isEmpty { lines.append("\(path):\(plan.samples[index].line) " + SymbolsDump.imports(symbols)) }
        return lines
    }
}
