import Foundation
import Testing
@testable import LabRunner

/// The guide pipeline's decisions (`GuideRunner`), with a recording toolchain that answers by
/// Markdown line instead of swiftc: which samples share a build, how a failing build is split,
/// what a missing module or a crash skips, what the cache spares.
struct GuideRunnerTests {
    /// Four samples, no two declaring the same name: Point (line 1), double (5), a use of Point
    /// (9, code at 10-11), an import of a module this machine lacks and a use of double (14, code
    /// at 15-17), and a use of what sample 14 declares (20, code at 21).
    static let shapes = """
    ```swift
    struct Point { var x = 0 }
    ```

    ```swift
    func double(_ n: Int) -> Int { n * 2 }
    ```

    ```swift
    let p = Point()
    print(p.x)
    ```

    ```swift
    import PointPlotting
    func plot() { print(double(2)) }
    plot()
    ```

    ```swift
    plot()
    ```

    """
    static let allShapes = ["check 1,5,9,14,20", "store check 1,5,9,14,20"]

    /// A `@main` sample (line 1), a listing of declarations without bodies (7, code at 8-9), a
    /// program (11), and a sample whose output is checked (14, code at 15): read `--as guide`.
    static let kinds = """
    ```swift
    @main struct App {
        static func main() { print("hi") }
    }
    ```

    ```swift
    func distance(to other: Int) -> Double
    var count: Int { get }
    ```
    ```swift
    let total = 1 + 2
    ```
    ```swift
    print("ready")
    ```
    ```output
    ready
    ```

    """

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var text = GuideRunnerTests.shapes
        var guide = RecordingToolchain.Guide()
        var printed: [Int: String] = [:]
        var strict = false
        /// `guide.md:LINE`: only the sample at this line.
        var line: Int? = nil
        let calls: [String]
        let outcomes: [String]

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "samples with no name clash share one build",
             calls: allShapes,
             outcomes: ["1 passed", "5 passed", "9 passed", "14 passed", "20 passed"]),
        Case(name: "a failing merged build is split: the samples the errors are in fail, the rest are built again and pass",
             guide: .init(errors: [11: "value of type 'Point' has no member 'y'", 21: "ambiguous use of 'plot'"]),
             // Errors in a sample's own lines are its verdict: it is not built again alone.
             calls: allShapes + ["check 1,5,14", "store check 1,5,14"],
             outcomes: ["1 passed", "5 passed", "9 failed: 11 value of type 'Point' has no member 'y'", "14 passed",
                        "20 failed: 21 ambiguous use of 'plot'"]),
        Case(name: "an error in a declaration fails its sample; the samples given it, found by halving, are skipped",
             guide: .init(errors: [6: "cannot convert value"]),
             // [1, 9, 14, 20] fails in 5's line, in none of its samples: halved to [1, 9], [14, 20], then [14], [20].
             calls: allShapes + ["check 1,5,9,14,20", "store check 1,5,9,14,20", "check 1,9", "store check 1,9",
                                 "check 5,14,20", "store check 5,14,20", "check 5,14", "store check 5,14",
                                 "check 5,14,20", "store check 5,14,20"],
             outcomes: ["1 passed", "5 failed: 6 cannot convert value", "9 passed",
                        "14 skipped: uses declarations of the sample at line 5, which do not compile",
                        "20 skipped: uses declarations of the sample at line 5, which do not compile"]),
        Case(name: "a missing module skips exactly the samples needing it, the rest are rebuilt and pass",
             guide: .init(errors: [15: "no such module 'PointPlotting'"]),
             calls: allShapes + ["check 1,5,9", "store check 1,5,9"],
             outcomes: ["1 passed", "5 passed", "9 passed", "14 skipped: needs module PointPlotting, not available here",
                        "20 skipped: needs module PointPlotting, not available here"]),
        Case(name: "a missing module with --strict fails the samples needing it",
             guide: .init(errors: [15: "no such module 'PointPlotting'"]), strict: true,
             // 20's context imports the module too: the error at 15 is in no sample of [1, 5, 9, 20], so it is halved.
             calls: allShapes + ["check 1,5,9,14,20", "store check 1,5,9,14,20",
                                 "check 1,5", "store check 1,5", "check 1,5,9,14,20", "store check 1,5,9,14,20",
                                 "check 1,9", "store check 1,9", "check 5,14,20", "store check 5,14,20"],
             outcomes: ["1 passed", "5 passed", "9 passed", "14 failed: 15 no such module 'PointPlotting'",
                        // --strict: what could not be checked fails, with the reason.
                        "20 failed, not checked: uses declarations of the sample at line 14, which do not compile"]),
        Case(name: "swiftc crashing is split down to the sample, which is a compiler crash",
             guide: .init(crashes: [10]),
             // Halved: [1, 5] and [9, 14, 20], then [9] and [14, 20]. A crash is kept like a failed build.
             calls: allShapes + ["check 1,5", "store check 1,5", "check 1,5,9,14,20", "store check 1,5,9,14,20",
                                 "check 1,9", "store check 1,9", "check 5,14,20", "store check 5,14,20"],
             outcomes: ["1 passed", "5 passed", "9 compiler crash: swiftc crashed: killed by SIGSEGV", "14 passed", "20 passed"]),
        Case(name: "'failed to produce diagnostic' in a sample's lines is a compiler crash",
             guide: .init(errors: [10: "failed to produce diagnostic for expression; please submit a bug report"]),
             calls: allShapes + ["check 1,5,14,20", "store check 1,5,14,20"],
             outcomes: ["1 passed", "5 passed", "9 compiler crash: swiftc: failed to produce diagnostic for expression; please submit a bug report",
                        "14 passed", "20 passed"]),
        Case(name: "a line names one sample: only it is built, with its context",
             line: 10,
             calls: ["check 1,9", "store check 1,9"],
             outcomes: ["9 passed"]),
        Case(name: "@main is built alone with -parse-as-library; a listing is parsed; a sample with output runs",
             text: kinds,
             calls: ["check 1 -parse-as-library", "store check 1", "parse 7", "store check 7", "check 11", "store check 11",
                     "build 14", "store 14", "run /cache/14 mock"],
             outcomes: ["1 passed", "7 listing: declarations without bodies", "11 passed", "14 passed, ran"]),
        Case(name: "a listing that does not parse fails; a sample printing something else fails",
             text: kinds, guide: .init(errors: [9: "expected '{' in body of function declaration"]), printed: [14: "not ready\n"],
             calls: ["check 1 -parse-as-library", "store check 1", "parse 7", "store check 7", "check 11", "store check 11",
                     "build 14", "store 14", "run /cache/14 mock"],
             outcomes: ["1 passed", "7 failed listing (declarations without bodies): 9 expected '{' in body of function declaration",
                        "11 passed", "14 failed, ran: output"]),
        Case(name: "a sample with output that does not compile is not run",
             text: kinds, guide: .init(errors: [15: "cannot find 'print' in scope"]),
             calls: ["check 1 -parse-as-library", "store check 1", "parse 7", "store check 7", "check 11", "store check 11",
                     "build 14", "store check 14"],
             outcomes: ["1 passed", "7 listing: declarations without bodies", "11 passed", "14 failed: 15 cannot find 'print' in scope"]),
    ]

    static func pipeline(_ toolchain: RecordingToolchain, strict: Bool = false) -> DocumentPipeline {
        var pipeline = DocumentPipeline(compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
        pipeline.toolchain = toolchain
        pipeline.appleAvailable = false
        pipeline.strict = strict
        return pipeline
    }

    static func plan(_ text: String) throws -> GuidePlan {
        try GuidePlan(LabParser.parse(bytes: Array(text.utf8), path: "guide.md", kind: .guide), appleAvailable: false)
    }

    /// A sample's outcome in one line: its line, verdict and errors (line and message).
    static func describe(_ outcome: SampleOutcome) -> String {
        func errors(_ diagnostics: [Diagnostic]) -> String {
            diagnostics.map { "\($0.location?.line ?? 0) \($0.message)" }.joined(separator: "; ")
        }
        let verdict = switch outcome.verdict {
        case .passed(let ran): ran ? "passed, ran" : "passed"
        case .parsed(let names): "parsed: \(names.joined(separator: ", "))"
        case .listing(let reason): "listing: \(reason.description)"
        case .skipped(let skip): "skipped: \(skip.description)"
        case .compilerCrashed(let message): "compiler crash: \(message)"
        case .failed(.compile(let diagnostics)): "failed: \(errors(diagnostics))"
        case .failed(.listingSyntax(let diagnostics, let reason)): "failed listing (\(reason.description)): \(errors(diagnostics))"
        case .failed(.output): "failed, ran: output"
        case .failed(.prints(let mismatch)): "failed, ran: prints at line \(mismatch.line)"
        case .failed(.notChecked(let why)): "failed, not checked: \(why)"
        case .failed(.belowRung(let rung, let required, _)): "failed, \(rung.rawValue) below \(required.rawValue)"
        }
        return "\(outcome.line) \(verdict)" + (outcome.compilerRan ? "" : " (cached)")
    }

    @Test(arguments: cases)
    func decisions(_ test: Case) throws {
        let toolchain = RecordingToolchain(printed: test.printed, guide: test.guide)
        let plan = try Self.plan(test.text)
        let outcome = Self.pipeline(toolchain, strict: test.strict).runGuide(plan, only: try test.line.map(plan.sample(at:)))
        #expect(outcome.toolFailure == nil)
        #expect(outcome.samples.map(Self.describe) == test.outcomes)
        // Batches build in parallel: their order between each other is not the runner's decision.
        #expect(toolchain.calls.sorted() == test.calls.sorted())
    }

    /// swiftc missing is the tool's failure, for the whole file: not a verdict per sample.
    @Test func aBrokenToolchainChecksNothing() throws {
        let broken = BuildError.swiftcMissing("/usr/bin/swiftc")
        let toolchain = RecordingToolchain(guide: .init(broken: broken))
        let outcome = Self.pipeline(toolchain).runGuide(try Self.plan(Self.kinds), only: nil)
        #expect(outcome.samples.isEmpty)
        guard case .build(let error) = outcome.toolFailure else {
            Issue.record("expected a tool failure, got \(outcome.samples.map(Self.describe))")
            return
        }
        #expect(error.description == broken.description)
    }

    /// Failed builds are cached like passing ones: a second run of an unchanged guide with
    /// failures, skips and a compiler crash starts no build at all and gives the same verdicts.
    @Test(arguments: [Self.shapes, Self.kinds])
    func aWarmRerunStartsNoBuild(_ text: String) throws {
        let guide = RecordingToolchain.Guide(errors: [9: "expected '{' in body of function declaration", 11: "no member 'x'",
                                                      15: "no such module 'PointPlotting'"],
                                             crashes: [6], remembers: true)
        let toolchain = RecordingToolchain(guide: guide)
        let pipeline = Self.pipeline(toolchain)
        let plan = try Self.plan(text)
        let cold = pipeline.runGuide(plan, only: nil).samples
        let coldCalls = toolchain.calls
        #expect(coldCalls.contains { $0.hasPrefix("check ") || $0.hasPrefix("build ") })
        let warm = pipeline.runGuide(plan, only: nil).samples
        let warmCalls = toolchain.calls.dropFirst(coldCalls.count)
        #expect(!warmCalls.contains { $0.hasPrefix("check ") || $0.hasPrefix("build ") || $0.hasPrefix("parse ") }, "\(Array(warmCalls))")
        #expect(warm.map { Self.describe($0).replacingOccurrences(of: " (cached)", with: "") } == cold.map(Self.describe))
        #expect(warm.allSatisfy { !$0.compilerRan })
        #expect(cold.contains { if case .failed = $0.verdict { true } else { false } })
        if text == Self.shapes {
            #expect(cold.contains { if case .compilerCrashed = $0.verdict { true } else { false } }, "\(cold.map(Self.describe))")
        }
    }
}

/// A package manifest is type-checked alone against the toolchain's manifest API, at the tools
/// version it declares: without `-package-description-version`, every versioned API
/// (`.target(name:)`) is unavailable.
struct GuideManifestTests {
    static let manifests = """
    ```swift
    // swift-tools-version: 5.9
    import PackageDescription
    let package = Package(name: "Foo", targets: [.target(name: "Foo")])
    ```

    ```swift
    import PackageDescription
    let package = Package(name: "Bar")
    ```

    """

    @Test func manifestsAreCheckedAloneAtTheirToolsVersion() throws {
        let root = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let api = root + "/usr/lib/swift/pm/ManifestAPI"
        try FileManager.default.createDirectory(atPath: api, withIntermediateDirectories: true)
        let toolchain = RecordingToolchain(guide: .init())
        var pipeline = DocumentPipeline(compiler: SwiftCompiler(path: root + "/usr/bin/swiftc"), environment: [:])
        pipeline.toolchain = toolchain
        let outcome = pipeline.runGuide(try GuideRunnerTests.plan(Self.manifests), only: nil)
        #expect(outcome.samples.map(GuideRunnerTests.describe) == ["1 passed", "7 passed"])
        #expect(toolchain.calls.filter { $0.hasPrefix("check") }.sorted() == [
            "check 1 -I \(api) -package-description-version 5.9",
            "check 7 -I \(api) -package-description-version 6.0",
        ])
    }

    @Test(arguments: [
        ("// swift-tools-version:5.9\nimport PackageDescription", "5.9"),
        ("// swift-tools-version: 6.0\n", "6.0"),
        ("// swift-tools-version:5.10.1", "5.10.1"),
        ("// swift-tools-version:5.7;(experimental)\n", "5.7"),
        ("import PackageDescription\n// swift-tools-version:5.9", nil),
        ("// swift-tools-version:", nil),
    ] as [(String, String?)])
    func toolsVersionIsReadFromTheFirstLine(code: String, version: String?) {
        #expect(GuideRunner.toolsVersion(Array(code.utf8)) == version)
    }
}
