import Testing
@testable import LabRunner

/// Random text made of Swift's pieces (declaration keywords, attributes, brackets, `#if`,
/// placeholders, elisions, strings, invalid UTF-8) through every step of the guide analysis:
/// nothing may crash or hang, and the answers must describe the text (items in order inside it,
/// contexts pointing at earlier samples only, every sample in exactly one batch).
struct GuideFuzzTests {
    static let pieces: [String] = [
        "struct", "class", "enum", "protocol", "extension", "actor", "func", "init", "deinit", "subscript", "let", "var",
        "case", "default", "import", "typealias", "operator", "precedencegroup", "macro", "associatedtype", "static",
        "public", "private(set)", "open", "mutating", "guard", "if", "else", "return", "in", "where", "@main", "@available(*, deprecated)",
        "@", "#if", "#else", "#endif", "os(Linux)", "<#x#>", "...", "…", "{", "}", "(", ")", "[", "]", "<", ">", ":", ",",
        ";", "=", "->", ".", "\"s\"", "\"\\(", "\"\"\"", "//", "/*", "*/", "x", "y", "Point", "T", "get", "set", "0", "+",
        " ", " ", " ", "\n", "\n", "\n", "\r\n", "\t", "é", "\u{00}",
    ]

    static func sample(_ random: inout SeededGenerator) -> String {
        var text = ""
        for _ in 0..<random.int(0...50) { text += random.pick(pieces) }
        return text
    }

    @Test(arguments: SeededGenerator.seeds(200, base: 7100))
    func analysisNeverFailsOnAnyInput(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var codes: [[UInt8]] = (0..<random.int(1...6)).map { _ in Array(Self.sample(&random).utf8) }
        if random.chance(0.2) { codes[0] += [0xFF, 0xC3] }   // invalid UTF-8
        let symbols = codes.map { SampleSymbols(bytes: $0) }
        for (number, sample) in symbols.enumerated() {
            var end = 0
            for item in sample.items {
                #expect(item.range.lowerBound >= end && item.range.upperBound <= sample.code.count, "seed \(seed) sample \(number): \(swiftLiteral(sample.code))")
                end = item.range.upperBound
            }
            _ = ListingClassifier.reasons(sample)
            _ = SampleModules.needs(sample, catalogModule: "A")
        }
        let inputs = symbols.map { ContextSample(symbols: $0, label: "l", directive: random.pick([.inherit, .fresh, .continues("l")])) }
        let contexts = ContextResolver.resolve(inputs)
        for context in contexts {
            for reference in context.references {
                #expect(reference.sample < context.sample && reference.item < symbols[reference.sample].items.count, "seed \(seed)")
            }
        }
        let referenced = Set(contexts.flatMap(\.references))
        let candidates = symbols.indices.map {
            BatchCandidate(sample: $0, symbols: symbols, context: contexts[$0], referenced: referenced, runs: random.chance(0.3))
        }
        let batches = SampleBatches.pack(candidates, maxSize: 3)
        #expect(batches.flatMap { $0 }.sorted() == Array(symbols.indices), "seed \(seed)")
        let byIndex = Dictionary(uniqueKeysWithValues: candidates.map { ($0.sample, $0) })
        for batch in batches {
            let pieces = SampleBatches.layout(batch, byIndex)
            #expect(Set(pieces.map(\.reference)).count == pieces.count, "seed \(seed): an item twice in one program")
        }
    }
}
