import Testing
@testable import LabRunner

/// Packing samples into few programs, their layout, and splitting a failed program.
struct SampleBatchesTests {
    struct File {
        let symbols: [SampleSymbols]
        let contexts: [SampleContext]
        let candidates: [BatchCandidate]

        init(_ codes: [String], runs: Set<Int> = []) {
            symbols = codes.map { SampleSymbols(code: $0) }
            contexts = ContextResolver.resolve(symbols.map { ContextSample(symbols: $0) })
            let referenced = Set(contexts.flatMap(\.references))
            candidates = symbols.indices.map { [symbols, contexts] in
                BatchCandidate(sample: $0, symbols: symbols, context: contexts[$0], referenced: referenced, runs: runs.contains($0))
            }
        }

        var batches: [[Int]] { SampleBatches.pack(candidates) }

        /// The batch's program as "sample.item" with `*` for scoped pieces.
        func layout(_ batch: [Int]) -> [String] {
            let byIndex = Dictionary(uniqueKeysWithValues: candidates.map { ($0.sample, $0) })
            return SampleBatches.layout(batch, byIndex).map { "\($0.reference.sample).\($0.reference.item)\($0.scoped ? "*" : "")" }
        }
    }

    @Test func samplesWithoutClashesShareOneProgram() {
        let file = File(["struct A {}", "struct B {}", "print(1)", "func f() {}"])
        #expect(file.batches == [[0, 1, 2, 3]])
    }

    @Test func aClashingDeclarationStartsAnotherProgram() {
        let file = File(["struct Config { var a = 1 }", "struct Config { var b = 2 }", "print(Config().b)", "struct Other {}"])
        // 2 uses the Config of 1: it cannot share a program with 0's Config.
        #expect(file.batches == [[0, 3], [1, 2]])
    }

    /// swift-evolution 0223: an extension giving `Array` an initializer made another sample's
    /// `Array<Int>(unsafeUninitializedCapacity:…)` ambiguous in their shared program, and that
    /// error was its verdict; 0477: an extension's `appendInterpolation` changes every string
    /// interpolation of the program.
    @Test func anExtensionReachesItsTypesInitializerCallsAndEveryInterpolation() {
        let file = File([
            "extension Array {\n  init(unsafeUninitializedCapacity: Int, initializingWith: (inout UnsafeMutableBufferPointer<Element>, inout Int) throws -> Void) rethrows { self = [] }\n}",
            "var a = Array<Int>(unsafeUninitializedCapacity: 10) { buffer, count in count = 0 }",
            "extension String.StringInterpolation {\n  mutating func appendInterpolation<T>(_ value: T?, default: String) { appendLiteral(default) }\n}",
            "let n: Int? = nil\nprint(n as Any)",
        ])
        #expect(file.batches == [[0, 3], [1], [2]])
    }

    /// swift-evolution 0312: `extension EnumeratedSequence: LazySequenceProtocol` changes what
    /// `.lazy` and `filter` give for every `enumerated()` in the program, with no name in common.
    @Test func aConformanceOfATypeTheProgramDoesNotDeclareKeepsItsSampleApart() {
        let file = File([
            "extension EnumeratedSequence: LazySequenceProtocol {}",
            "print([1, 2].enumerated().lazy.map { $0.offset })",
            "struct P {}\nextension P: Equatable {}",
        ])
        #expect(file.batches == [[0], [1, 2]])
    }

    @Test func sharedContextIsEmittedOnce() {
        let file = File(["struct Point { var x = 0 }", "print(Point().x)", "let p = Point()\nprint(p)"])
        #expect(file.batches == [[0, 1, 2]])
        #expect(file.layout([0, 1, 2]) == ["0.0", "1.0*", "2.0*", "2.1*"])
    }

    @Test func localNamesOfSamplesGoInTheirOwnScope() {
        let file = File(["let x = 1\nprint(x)", "let x = \"two\"\nprint(x)", "var x = 3.0\nx += 1"])
        #expect(file.batches == [[0, 1, 2]])
        #expect(file.layout([0, 1, 2]) == ["0.0*", "0.1*", "1.0*", "1.1*", "2.0*", "2.1*"])
        #expect(file.layout([1]) == ["1.0*", "1.1*"], "alone, a sample is laid out as in a batch")
    }

    @Test func aGlobalThatATopLevelItemUsesStaysAtTheTopLevel() {
        let file = File(["let base = 2\nlet factor = base * 2\nfunc scaled(_ v: Int) -> Int { v * factor }\nprint(scaled(3))",
                         "func factor() -> Int { 10 }\nprint(factor())"])
        #expect(file.candidates[0].scoped == [ItemReference(sample: 0, item: 3)])
        #expect(file.batches == [[0], [1]])
    }

    @Test func aGlobalInALaterSamplesContextStaysAtTheTopLevel() {
        let file = File(["let numbers = [1, 2, 3]\nprint(numbers)", "print(numbers.count)"])
        #expect(file.candidates[0].scoped == [ItemReference(sample: 0, item: 1)])
        #expect(file.batches == [[0, 1]])
    }

    /// In a shared program every sample's statements run; one whose output is checked must not
    /// see another's changes to a `var`.
    @Test func samplesThatRunShareNoState() {
        let codes = ["var log: [String] = []", "log.append(\"a\")\nprint(log)", "log.append(\"b\")\nprint(log)"]
        #expect(File(codes).batches == [[0, 1, 2]])
        #expect(File(codes, runs: [1, 2]).batches == [[0], [1], [2]])
        #expect(File(codes, runs: [2]).batches == [[0, 1], [2]])
    }

    @Test func aMainSampleIsAlone() {
        let file = File(["struct Tool {}", "@main struct App { static func main() {} }\nlet version = 1", "print(2)"])
        #expect(file.batches == [[0, 2], [1]])
        #expect(file.candidates[1].scoped.isEmpty, "a library-style program has no statements, so no scope")
    }

    @Test func batchesRespectTheirSize() {
        let file = File((0..<5).map { "struct S\($0) {}" })
        #expect(SampleBatches.pack(file.candidates, maxSize: 2) == [[0, 1], [2, 3], [4]])
    }

    @Test func splittingAFailedBatch() {
        #expect(BatchSplitter.next(after: [0, 1, 2, 3], failing: [2], unattributed: false) == [[0, 1, 3], [2]])
        #expect(BatchSplitter.next(after: [0, 1, 2, 3], failing: [0, 1, 2, 3], unattributed: false) == [[0], [1], [2], [3]])
        #expect(BatchSplitter.next(after: [0, 1, 2, 3], failing: [1], unattributed: true) == [[0, 1], [2, 3]])
        #expect(BatchSplitter.next(after: [0, 1, 2], failing: [], unattributed: false) == [[0], [1, 2]])
        #expect(BatchSplitter.next(after: [5], failing: [5], unattributed: false) == [])
    }

    /// Splitting until settled, against a fake compiler: a sample fails alone when it is broken,
    /// and in a batch also when it sits with a sample that breaks it. Every sample ends with its
    /// own verdict from a build of its own or of samples that all passed.
    @Test(arguments: SeededGenerator.seeds(40, base: 1200))
    func splittingSettlesOnEachSamplesOwnVerdict(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let count = random.int(1...24)
        let broken = Set((0..<count).filter { _ in random.chance(0.2) })
        let breaksOthers = Set((0..<count).filter { _ in random.chance(0.1) })
        var verdicts: [Int: Bool] = [:]
        var queue: [[Int]] = [Array(0..<count)]
        var builds = 0
        while let batch = queue.popLast() {
            builds += 1
            let poisoned = batch.count > 1 && batch.contains(where: breaksOthers.contains)
            let failing = Set(batch.filter { broken.contains($0) || (poisoned && !breaksOthers.contains($0)) })
            if failing.isEmpty {
                for sample in batch { verdicts[sample] = true }
                continue
            }
            let next = BatchSplitter.next(after: batch, failing: failing, unattributed: false)
            if next.isEmpty { verdicts[batch[0]] = false }
            queue += next
            #expect(builds < 4 * count + 4, "seed \(seed): no end in sight")
            if builds >= 4 * count + 4 { return }
        }
        for sample in 0..<count {
            #expect(verdicts[sample] == !broken.contains(sample), "seed \(seed): sample \(sample)")
        }
    }

    /// A sample using a name only a later sample declares fails alone; in a batch with that sample
    /// it would compile. So they are kept apart, and so is a use of a member another sample's
    /// extension gives.
    @Test func aSampleNeverSeesADeclarationItWasNotGiven() {
        let file = File(["@Lazy var cache = 1", "@propertyWrapper struct Lazy<T> { var wrappedValue: T }", "print(3.0.km)",
                         "extension Double { var km: Double { self * 1000 } }", "struct Unrelated {}"])
        #expect(file.batches == [[0, 2, 4], [1, 3]])
    }
}
