import Testing
@testable import LabRunner

/// A guide sample built alone that fails is only failed for errors of its own: errors in what
/// another sample gave it, or a name only a listing declares, make it skipped with the reason;
/// `failed to produce diagnostic` beside real errors is a failure, not a crash.
struct GuideVerdictTests {
    /// Answers a check with errors at Markdown lines for every sample whose code is in the program.
    final class ScriptedToolchain: LabToolchain {
        let errors: [(code: String, line: Int, message: String)]

        init(_ errors: [(code: String, line: Int, message: String)]) { self.errors = errors }

        func cachedExecutable(_ program: LabProgram) -> String? { nil }
        func cachedCheck(_ program: LabProgram) -> BuildOutcome? { nil }
        func build<T>(_ program: LabProgram, _ use: (BuildOutcome, String) -> T) throws(BuildError) -> T {
            let diagnostics = errors.filter { program.source.contains($0.code) }.map {
                Diagnostic(severity: .error, location: SourceLocation(path: program.lab.path, line: $0.line, column: 1), message: $0.message)
            }
            return use(BuildOutcome(executable: nil, succeeded: diagnostics.isEmpty, diagnostics: diagnostics, rawOutput: "", duration: 1), "/folder")
        }
        func storeExecutable(_ program: LabProgram, builtAt path: String) -> String? { nil }
        func storeCheck(_ program: LabProgram, build: BuildOutcome, folder: String) {}
        func runScenarios(_ scenarios: [String], executable: String, timeout: Double,
                          repeats: Int) -> [[Result<ScenarioRun, ProcessError>]] { [] }
    }

    // Excerpts of swift-evolution: 0304 (a type using one never declared, used later), 0257 (a
    // call of a function only an elided listing declares), 0344 (pseudo-code that crashes swiftc's
    // diagnostics beside real errors), 0474 (a sample missing its `}`, extended later).
    static let guide = """
    ```swift
    struct Meal { let main: Dish }
    ```

    ```swift
    func eat(_ meal: Meal) {}
    ```

    ```swift
    func foo(_ bar: Int) {...}
    ```

    ```swift
    foo(1)
    ```

    ```swift
    let odd = 1
    ```

    ```swift
    let proxy = <<make proxy>>(id: id)
    ```

    ```swift
    struct Point {
      var x = 0
    ```

    ```swift
    let p = Point()
    ```

    """

    static let errors: [(code: String, line: Int, message: String)] = [
        ("struct Meal", 2, "cannot find type 'Dish' in scope"),
        ("foo(1)", 14, "cannot find 'foo' in scope"),
        ("let odd", 18, "failed to produce diagnostic for expression; please submit a bug report"),
        ("<<make", 22, "consecutive statements on a line must be separated by ';'"),
        ("<<make", 22, "failed to produce diagnostic for expression; please submit a bug report"),
        ("struct Point", 26, "expected '}' in struct"),
        ("Point()", 31, "cannot find 'Point' in scope"),
    ]

    /// The guide's verdicts, one line each.
    static func verdicts(strict: Bool, guide: String = GuideVerdictTests.guide,
                         errors: [(code: String, line: Int, message: String)] = GuideVerdictTests.errors) throws -> [String] {
        var pipeline = DocumentPipeline(compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
        pipeline.toolchain = ScriptedToolchain(errors)
        pipeline.appleAvailable = false
        pipeline.strict = strict
        let lab = try LabParser.parse(bytes: Array(guide.utf8), path: "guide.md")
        let plan = try GuidePlan(lab, appleAvailable: false)
        let samples = pipeline.runGuide(plan, only: nil).samples
        return samples.map { sample -> String in
            switch sample.verdict {
            case .passed: "\(sample.line) passed"
            case .parsed(let names): "\(sample.line) parsed: " + names.joined(separator: ", ")
            case .failed(.compile(let errors)): "\(sample.line) failed: " + errors.map(\.message).joined(separator: "; ")
            case .failed(.notChecked(let why)): "\(sample.line) failed, not checked: \(why)"
            case .failed: "\(sample.line) failed"
            case .listing(let reason): "\(sample.line) listing: \(reason.description)"
            case .skipped(let skip): "\(sample.line) skipped: \(skip.description)"
            case .compilerCrashed: "\(sample.line) crashed"
            }
        }
    }

    /// `--strict`: what could not be checked fails with the reason; a listing, a sample marked
    /// skip and an empty one are the author's and stay as they are.
    @Test func strictFailsEverySampleThatCouldNotBeChecked() throws {
        let guide = Self.guide + "\n<!-- labrunner: skip -->\n```swift\nlet marked = 1\n```\n\n```swift\nimport SwiftUI\n```\n"
        #expect(try Self.verdicts(strict: true, guide: guide) == [
            "1 parsed: Dish",
            "5 failed, not checked: uses declarations of the sample at line 1, which do not compile",
            "9 listing: fragment: elision '...'",
            "13 failed, not checked: uses foo, which only the listing at line 9 declares",
            "17 failed, not checked: the compiler crashed: swiftc: failed to produce diagnostic for expression; please submit a bug report",
            "21 failed: consecutive statements on a line must be separated by ';'; failed to produce diagnostic for expression; please submit a bug report",
            "25 failed: expected '}' in struct",
            "30 failed, not checked: uses declarations of the sample at line 25, which do not compile",
            "35 skipped: marked skip",
            "39 failed, not checked: needs an Apple platform (imports SwiftUI), not available here",
        ])
    }

    @Test func verdicts() throws {
        let described = try Self.verdicts(strict: false)
        #expect(described == [
            "1 parsed: Dish",
            "5 skipped: uses declarations of the sample at line 1, which do not compile",
            "9 listing: fragment: elision '...'",
            "13 skipped: uses foo, which only the listing at line 9 declares",
            "17 crashed",
            "21 failed: consecutive statements on a line must be separated by ';'; failed to produce diagnostic for expression; please submit a bug report",
            "25 failed: expected '}' in struct",
            "30 skipped: uses declarations of the sample at line 25, which do not compile",
        ])
    }

    /// `--min-rung compiled`: the excerpt that was only parsed fails with its rung and why; a
    /// listing fails below `parsed`; what passed compiling, a skip and a failure are unchanged.
    @Test func aMinimumRungFailsWhatWasCheckedLess() {
        let parsed = SampleVerdict.parsed(names: ["Dish"])
        guard case .failed(.belowRung(.parsed, .compiled, let why)) = parsed.requiring(.compiled) else {
            Issue.record("\(parsed.requiring(.compiled))")
            return
        }
        #expect(why == "excerpt: uses Dish, which nothing declares")
        let listing = SampleVerdict.listing(ListingReason(kind: .diagram, description: "text diagram ('│ 0 │'), not Swift", line: 1))
        if case .failed(.belowRung(.listing, .parsed, _)) = listing.requiring(.parsed) {} else { Issue.record("\(listing.requiring(.parsed))") }
        if case .listing = listing.requiring(.listing) {} else { Issue.record("a listing meets --min-rung listing") }
        if case .parsed = parsed.requiring(.parsed) {} else { Issue.record("parsed meets --min-rung parsed") }
        if case .passed = SampleVerdict.passed(ran: false).requiring(.compiled) {} else { Issue.record("compiled meets compiled") }
        if case .failed(.belowRung) = SampleVerdict.passed(ran: false).requiring(.outputChecked) {} else {
            Issue.record("compiled is below output-checked")
        }
        if case .skipped(.marked) = SampleVerdict.skipped(.marked).requiring(.compiled) {} else { Issue.record("a skip stays") }
    }

    /// swift-async-algorithms 0016: the examples use the channel that only the detailed design's
    /// listing, further on, declares. Nothing could give it: skipped, as for an earlier listing.
    @Test func aNameOnlyALaterListingDeclaresIsSkipped() throws {
        let guide = """
        ```swift
        let channel = Channel(capacity: 2)
        ```

        ```swift
        public struct Channel<Element> {
            public init(capacity: Int)
        }
        ```

        """
        let errors = [("Channel(capacity: 2)", 2, "cannot find 'Channel' in scope"),
                      ("Channel(capacity: 2)", 2, "cannot infer contextual base in reference to member 'watermark'")]
        #expect(try Self.verdicts(strict: false, guide: guide, errors: errors) == [
            "1 skipped: uses Channel, which only the listing at line 5 declares",
            "5 listing: declarations without bodies",
        ])
    }

    /// swift-async-algorithms' Zip guide reads `URL.lines`, which only Apple's Foundation has:
    /// skipped here as Apple-only (it compiles on a Mac), and `--strict` fails it with that reason.
    @Test func appleFoundationOnlyMembersAreApplesNotTheTexts() throws {
        let guide = """
        ```swift
        let appleFeed = URL(string: "http://www.example.com/ticker?symbol=AAPL")!.lines
        ```

        """
        let errors = [("appleFeed", 2, "value of type 'URL' has no member 'lines'")]
        #expect(try Self.verdicts(strict: false, guide: guide, errors: errors) == [
            "1 skipped: needs an Apple platform (uses URL.lines, which only Apple's Foundation has), not available here",
        ])
        #expect(try Self.verdicts(strict: true, guide: guide, errors: errors) == [
            "1 failed, not checked: needs an Apple platform (uses URL.lines, which only Apple's Foundation has), not available here",
        ])
    }
}
