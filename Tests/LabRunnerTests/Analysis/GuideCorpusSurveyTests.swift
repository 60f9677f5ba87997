import Foundation
import Testing
@testable import LabRunner

/// The guide analysis over a tree of real documentation, for the numbers in docs/guides.md:
/// `LABRUNNER_CORPUS=../shared/corpus/swift-evolution swift test --filter GuideCorpusSurvey`.
/// Off without the variable (the corpus is not part of the repository). Besides printing the
/// counts, it checks what must hold for every real sample: items inside the code, in order.
struct GuideCorpusSurveyTests {
    static let root = ProcessInfo.processInfo.environment["LABRUNNER_CORPUS"]

    @Test(.enabled(if: root != nil)) func survey() throws {
        let root = try #require(Self.root)
        let started = Date()
        var files = 0, samples = 0, withContext = 0, largest = 0, largestAt = ""
        var listings: [ListingReason.Kind: Int] = [:]
        var slowest: [(Double, String)] = []
        var programs = 0, compiled = 0, needingModules = 0
        var modules: [String: Int] = [:]
        var symbolTime = 0.0, classifyTime = 0.0, resolveTime = 0.0
        var reasons: [String: Int] = [:]
        var examples: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            guard path.hasSuffix(".md") || path.hasSuffix(".markdown") else { continue }
            let url = URL(fileURLWithPath: root).appendingPathComponent(path)
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            let blocks = MarkdownParser.fencedBlocks(in: MarkdownSource(bytes: Array(data)))
                .filter { $0.info.split(separator: " ").first == "swift" }
            guard !blocks.isEmpty else { continue }
            files += 1
            var inputs: [ContextSample] = []
            for block in blocks {
                let lexStart = Date()
                let symbols = SampleSymbols(code: block.code)
                symbolTime += Date().timeIntervalSince(lexStart)
                slowest.append((Date().timeIntervalSince(lexStart), "\(path):\(block.openingLine) \(block.code.utf8.count) bytes"))
                Self.checkInvariants(symbols, at: "\(path):\(block.openingLine)")
                let classifyStart = Date()
                let found = ListingClassifier.reasons(symbols)
                classifyTime += Date().timeIntervalSince(classifyStart)
                if let dump = ProcessInfo.processInfo.environment["LABRUNNER_SURVEY_DUMP"],
                   dump == "program" ? found.isEmpty : found.first?.description.hasPrefix(dump) == true {
                    print("=== \(path):\(block.openingLine) \(found.first.map { "\($0.description) at \($0.line)" } ?? "program")\n\(block.code.prefix(600))")
                }
                if let first = found.first {
                    listings[first.kind, default: 0] += 1
                    let key = first.description.hasPrefix("editor placeholder") ? "editor placeholder" : first.description
                    reasons[key, default: 0] += 1
                    examples[key] = examples[key] ?? "\(path):\(block.openingLine)"
                }
                inputs.append(ContextSample(symbols: symbols, isListing: !found.isEmpty))
            }
            samples += blocks.count
            let resolveStart = Date()
            let contexts = ContextResolver.resolve(inputs)
            resolveTime += Date().timeIntervalSince(resolveStart)
            let referenced = Set(contexts.flatMap(\.references))
            let symbols = inputs.map(\.symbols)
            let candidates = inputs.indices.filter { !inputs[$0].isListing }.map {
                BatchCandidate(sample: $0, symbols: symbols, context: contexts[$0], referenced: referenced, runs: false)
            }
            programs += SampleBatches.pack(candidates).count
            compiled += candidates.count
            for sample in symbols {
                let needs = SampleModules.needs(sample, catalogModule: DocCCatalog.module(forFile: path, package: nil))
                if !needs.isEmpty { needingModules += 1 }
                for need in needs { modules[need.module, default: 0] += 1 }
            }
            for (context, block) in zip(contexts, blocks) where !inputs[context.sample].isListing {
                let declarations = context.entries.filter { $0.reason.kind != .imports }.count
                if declarations > 0 { withContext += 1 }
                if ProcessInfo.processInfo.environment["LABRUNNER_SURVEY_DUMP"] == "context", declarations > 0 {
                    let describe = { (reference: ItemReference) -> String in
                        let item = inputs[reference.sample].symbols.items[reference.item]
                        let line = blocks[reference.sample].openingLine + item.lines.lowerBound
                        return "\(item.kind?.rawValue ?? "statement") \(item.names.first ?? item.extendedType ?? "") (line \(line))"
                    }
                    print("=== \(path):\(block.openingLine)")
                    for entry in context.entries { print("    \(describe(entry.reference)): \(entry.reason.description(describe))") }
                }
                if declarations > largest { (largest, largestAt) = (declarations, "\(path):\(block.openingLine)") }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        print("survey of \(root): \(files) files, \(samples) Swift samples, in \(String(format: "%.2f", seconds)) s")
        print("of which: symbols \(String(format: "%.2f", symbolTime)) s, listings \(String(format: "%.2f", classifyTime)) s, contexts \(String(format: "%.2f", resolveTime)) s")
        print(slowest.sorted { $0.0 > $1.0 }.prefix(5).map { "\($0.1): \($0.0)" }.joined(separator: "\n"))
        print("listings: \(listings.values.reduce(0, +)) (\(listings.map { "\($0.key): \($0.value)" }.sorted().joined(separator: ", ")))")
        for (reason, count) in reasons.sorted(by: { $0.value > $1.value }) {
            print("  \(count)\t\(reason)\te.g. \(examples[reason] ?? "")")
        }
        print("programs: \(compiled) samples to compile in \(programs) programs; \(needingModules) samples need a module (\(modules.sorted { $0.value > $1.value }.prefix(8).map { "\($0.key) \($0.value)" }.joined(separator: ", ")))")
        print("programs with context: \(withContext); largest context: \(largest) declarations at \(largestAt)")
        #expect(samples > 0)
    }

    /// Items lie inside the code, in order, without overlapping, each on lines of the sample.
    static func checkInvariants(_ symbols: SampleSymbols, at place: String) {
        var end = 0
        let lineCount = symbols.code.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
        for item in symbols.items {
            #expect(item.range.lowerBound >= end && item.range.upperBound <= symbols.code.count && !item.range.isEmpty, "\(place)")
            #expect(item.lines.lowerBound >= 1 && item.lines.upperBound <= lineCount, "\(place)")
            end = item.range.upperBound
        }
    }
}
