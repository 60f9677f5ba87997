import Foundation
import Testing
@testable import LabRunner

/// The outline's top-level names against `swiftc -dump-parse`'s, for samples that parse: a few
/// fixed ones always (when swiftc is there), every guide sample of `../shared/corpus/` with
/// `LABRUNNER_DUMP_PARSE_CORPUS=1` (a few minutes; the result is in docs/guides.md).
struct DumpParseTests {
    static let swiftcMissing = DumpParse.swiftc == nil
    static let corpusRun = ProcessInfo.processInfo.environment["LABRUNNER_DUMP_PARSE_CORPUS"] == "1"

    /// What the outline says a sample declares at the top level, as `DumpParse` counts it.
    static func outlineNames(_ code: String) -> [String] {
        SampleSymbols(code: code).items.filter { $0.isDeclaration && $0.kind != .conditionalBlock }.flatMap(\.names)
    }

    static let fixed = [
        """
        import Foundation
        @main struct App { static func main() {} }
        let x = 1, y: Int = 2
        var (a, b) = (1, 2)
        print(x)
        extension App {}
        """,
        """
        let first = fetch(1)
        async let second = fetch(2)
        func fetch(_ n: Int) -> Int { n }
        """,
        """
        prefix operator /
        prefix func / (x: Int) -> Int { x }
        precedencegroup Lower { lowerThan: AdditionPrecedence }
        infix operator <~> : Lower
        """,
        """
        public func ==<T>(lhs: T, rhs: T) -> Bool { true }
        @Lazy<Int> var lazyCount: Int
        @Swift.Lazy var lazyName = ""
        let publisher = Either<Some<Nested<Chain<Int>>>, Int>(left: 1)
        let pair: Pair<Int, Int> = Pair<Int, String>(), other = 1
        let greater = 2 > 1, smaller = 1 < 2
        @freestanding(expression) macro stringify<T>(_ value: T) -> (T, String) = #externalMacro(module: "M", type: "S")
        nonisolated(nonsending) public func withDeadline() async {}
        """,
        """
        actor Counter { var n = 0 }
        typealias Pair = (Int, Int)
        enum Mode { case fast, slow }
        protocol Shape { var area: Double { get } }
        class Base {}
        final class Derived: Base {}
        """,
    ]

    @Test(.enabled(if: !swiftcMissing, "no swiftc on PATH"))
    func fixedSamplesDeclareWhatSwiftcParses() throws {
        let swiftc = try #require(DumpParse.swiftc)
        let parsed = try DumpParse.declaredNames(Self.fixed, swiftc: swiftc)
        for (code, names) in zip(Self.fixed, parsed) {
            let names = try #require(names, "does not parse:\n\(code)")
            #expect(Self.outlineNames(code) == names, "\(code)")
        }
    }

    @Test(.enabled(if: corpusRun && !swiftcMissing && CorpusSnapshotTests.corpusPresent,
                   "LABRUNNER_DUMP_PARSE_CORPUS=1, swiftc and ../shared/corpus needed"))
    func corpusSamplesDeclareWhatSwiftcParses() throws {
        let swiftc = try #require(DumpParse.swiftc)
        let samples = try DumpParseComparison.corpusSamples(CorpusSnapshotTests.corpus)
        let parsed = try DumpParse.declaredNames(samples.map(\.code), swiftc: swiftc)
        let comparison = DumpParseComparison(samples, parsed, outline: Self.outlineNames)
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("dump-parse-corpus.txt")
        try Data(comparison.report.utf8).write(to: report)
        print("dump-parse comparison written to \(report.path)\n" + comparison.summary)
    }
}
