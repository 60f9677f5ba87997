import Testing
@testable import LabRunner

/// A guide's reports compared whole: the terminal text, JUnit and the annotations, from a real
/// parsed guide and hand-made verdicts (one per kind).
struct GuideReportGoldenTests {
    static let text = """
    # Steps

    ```swift
    struct Point { var x: Int }
    ```

    ```swift
    let p: Point = 3
    ```

    ```swift
    func area() -> Int
    ```

    ```swift
    import Missing
    ```

    ```swift
    let q = Point(x: 1)
    ```

    ```swift
    someMutatingOperation()
    ```

    """

    static func run() throws -> RunReport {
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "docs/steps.md")
        let plan = try GuidePlan(lab, appleAvailable: false)
        let error = Diagnostic(severity: .error, location: SourceLocation(path: "docs/steps.md", line: 8, column: 16),
                               message: "cannot convert value of type 'Int' to specified type 'Point'")
        let listing = ListingReason(kind: .declarationsWithoutBodies, description: "declarations without bodies", line: 1)
        let samples = [
            SampleOutcome(line: 3, index: 0, verdict: .passed(ran: false), compilerRan: true),
            SampleOutcome(line: 7, index: 1, verdict: .failed(.compile([error])), compilerRan: true),
            SampleOutcome(line: 11, index: 2, verdict: .listing(listing)),
            SampleOutcome(line: 15, index: 3, verdict: .skipped(.missingModule("Missing"))),
            SampleOutcome(line: 19, index: 4, verdict: .compilerCrashed("swiftc crashed: killed by SIGSEGV")),
            SampleOutcome(line: 23, index: 5, verdict: .parsed(names: ["someMutatingOperation"]), compilerRan: true),
        ]
        let outcome = FileOutcome(path: "docs/steps.md", content: .guide(GuideOutcome(plan: plan, samples: samples, toolFailure: nil)))
        return RunReport(files: [FileReport(outcome, duration: 1.5, appleAvailable: false)], appleAvailable: false)
    }

    @Test func theTerminalReport() throws {
        GoldenText.expect(TerminalReport(style: .plain).render(try Self.run()).joined(separator: "\n"), equals: """
            docs/steps.md
            docs/steps.md:8:16: error: cannot convert value of type 'Int' to specified type 'Point'
                let p: Point = 3
                               ^
              FAIL  line 7: did not compile (1 error)
              CRASH  line 19: the compiler crashed, not the sample's fault: swiftc crashed: killed by SIGSEGV
              skipped: needs module Missing, not available here (line 15)
              FAIL  6 samples: 2 passed (1 parsed only), 1 listing, 1 skipped, 1 compiler crash, 1 failed

            guide samples: 1 compiled; 1 parsed; 1 listing
            2 passed, 1 failed, 2 skipped
            """)
    }

    @Test func theJUnitReport() throws {
        GoldenText.expect(JUnitReport.xml(try Self.run()), equals: """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="labrunner" tests="6" failures="1" errors="0" skipped="3" time="1.500">
              <testsuite name="docs/steps.md" tests="6" failures="1" errors="0" skipped="3" time="1.500">
                <properties>
                  <property name="kind" value="guide"/>
                  <property name="samples" value="6 samples: 2 passed (1 parsed only), 1 listing, 1 skipped, 1 compiler crash, 1 failed"/>
                  <property name="rungs" value="1 compiled; 1 parsed; 1 listing"/>
                </properties>
                <testcase classname="docs/steps.md" name="docs/steps.md:3" time="0.000">
                  <system-out>checked: compiled</system-out>
                </testcase>
                <testcase classname="docs/steps.md" name="docs/steps.md:7" time="0.000">
                  <failure message="docs/steps.md:8:16: error: cannot convert value of type &apos;Int&apos; to specified type &apos;Point&apos;" type="compile-error">docs/steps.md:8:16: error: cannot convert value of type &apos;Int&apos; to specified type &apos;Point&apos;
                let p: Point = 3
                               ^</failure>
                </testcase>
                <testcase classname="docs/steps.md" name="docs/steps.md:11" time="0.000">
                  <skipped message="listing: declarations without bodies"/>
                </testcase>
                <testcase classname="docs/steps.md" name="docs/steps.md:15" time="0.000">
                  <skipped message="needs module Missing, not available here"/>
                </testcase>
                <testcase classname="docs/steps.md" name="docs/steps.md:19" time="0.000">
                  <skipped message="compiler crash, not the sample&apos;s fault: swiftc crashed: killed by SIGSEGV"/>
                </testcase>
                <testcase classname="docs/steps.md" name="docs/steps.md:23" time="0.000">
                  <system-out>checked: parsed (excerpt: uses someMutatingOperation, which nothing declares)</system-out>
                </testcase>
              </testsuite>
            </testsuites>

            """)
    }

    @Test func theAnnotations() throws {
        GoldenText.expect(GitHubAnnotations.lines(try Self.run()).joined(separator: "\n"), equals: """
            ::error file=docs/steps.md,line=8,col=16,title=compile error in the sample at line 7::cannot convert value of type 'Int' to specified type 'Point'
            ::warning file=docs/steps.md,line=19,title=compiler crash::swiftc crashed on this sample (not the sample's fault): swiftc crashed: killed by SIGSEGV
            """)
    }

    @Test func theJSONSamples() throws {
        let json = try JSONReport.json(try Self.run())
        #expect(json.contains("\"part\" : \"guide\""))
        #expect(json.contains("\"name\" : \"docs/steps.md:11\""))
        #expect(json.contains("\"reason\" : \"declarations without bodies\""))
        #expect(json.contains("\"reasonLine\" : 12"))
        #expect(json.contains("\"status\" : \"compiler-crash\""))
        // How far each sample was checked: a new key, null for a sample that failed or was skipped.
        #expect(json.contains("\"rung\" : \"compiled\""))
        #expect(json.contains("\"rung\" : \"parsed\""))
        #expect(json.contains("\"rung\" : \"listing\""))
        #expect(json.contains("\"rung\" : null"))
        #expect(json.contains("\"compiled\" : 1,\n      \"listing\" : 1,\n      \"output-checked\" : 0,\n      \"parsed\" : 1"), "\(json)")
    }
}

/// A guide's notebook page: each sample's verdict right after its code, errors below it.
struct GuideNotebookPageTests {
    @Test func eachSampleShowsItsVerdictAfterItsCode() throws {
        let file = try GuideReportGoldenTests.run().files[0]
        let html = NotebookPage(file: file, indexLink: "index.html").html()
        let verdicts = ["passed: compiled", "failed", "listing: declarations without bodies", "skipped: needs module Missing, not available here",
                        "compiler crash: swiftc crashed: killed by SIGSEGV",
                        "passed: parsed: excerpt: uses someMutatingOperation, which nothing declares"]
        var rest = Substring(html)
        for verdict in verdicts {
            guard let found = rest.range(of: "<span class=\"verdict\">\(verdict)</span>") else {
                Issue.record("missing, or out of order: \(verdict)")
                return
            }
            rest = rest[found.upperBound...]
        }
        #expect(html.contains("cannot convert value of type &#39;Int&#39; to specified type &#39;Point&#39;")
                || html.contains("cannot convert value of type 'Int' to specified type 'Point'"))
        #expect(html.contains("<span class=\"verdict fail\">6 samples: 2 passed (1 parsed only), 1 listing, 1 skipped, 1 compiler crash, 1 failed</span>"))
    }
}

/// A guide where nothing was checked (a book whose every sample needs a module missing here)
/// says `nothing checked` with the reason in every report, never `PASS`, and its skips count in
/// the closing line.
struct NothingCheckedGuideTests {
    static func run() throws -> RunReport {
        let text = "```swift\nimport Book\n```\n\n```swift\nimport Book\nlet x = 1\n```\n"
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "Book.docc/Basics.md")
        let plan = try GuidePlan(lab, appleAvailable: false)
        let samples = [
            SampleOutcome(line: 1, index: 0, verdict: .skipped(.missingModule("Book"))),
            SampleOutcome(line: 5, index: 1, verdict: .skipped(.missingModule("Book"))),
        ]
        let outcome = FileOutcome(path: lab.path, content: .guide(GuideOutcome(plan: plan, samples: samples, toolFailure: nil)))
        return RunReport(files: [FileReport(outcome, duration: 1, appleAvailable: false)], appleAvailable: false)
    }

    @Test func theTerminalSaysNothingCheckedAndCountsTheSkips() throws {
        GoldenText.expect(TerminalReport(style: .plain).render(try Self.run()).joined(separator: "\n"), equals: """
            Book.docc/Basics.md
              skipped: needs module Book, not available here (lines 1, 5)
              SKIP  nothing checked: needs module Book, not available here (2 samples: 0 passed, 2 skipped)

            0 passed, 0 failed, 2 skipped
            """)
    }

    @Test func everyOtherReportSaysItToo() throws {
        let run = try Self.run()
        let json = try JSONReport.json(run)
        #expect(json.contains("\"status\" : \"nothing-to-run\""), "\(json)")
        #expect(json.contains("\"error\" : \"nothing checked: needs module Book, not available here\""), "\(json)")
        #expect(json.contains("\"skipped\" : 2"), "\(json)")
        let junit = JUnitReport.xml(run)
        #expect(junit.contains("<property name=\"samples\" value=\"nothing checked: needs module Book, not available here (2 samples: 0 passed, 2 skipped)\"/>"),
                "\(junit)")
        #expect(GitHubAnnotations.lines(run) == [
            "::warning file=Book.docc/Basics.md,title=nothing checked::no sample of this guide was checked: needs module Book, not available here",
        ])
        let index = NotebookIndex.html(run) { _ in "page.html" }
        #expect(index.contains("nothing checked: needs module Book, not available here"))
        #expect(!index.contains("class=\"pass\""))
    }

    /// watch's line and the served pages say it as the other reports do: before, they printed
    /// `0 passed, 0 failed` for a guide where nothing was checked.
    @Test func watchAndTheServedPagesSayItToo() throws {
        let file = try Self.run().files[0]
        let expected = "nothing checked: needs module Book, not available here (2 samples: 0 passed, 2 skipped)"
        #expect(file.verdictLine == expected)
        #expect(ChangeLines.render([], file: file, seconds: nil, style: .plain).first == "Book.docc/Basics.md  " + expected)
        #expect(PlainNotebookPage.render(file).contains(expected))
    }

    /// A guide with one sample checked is judged by its samples, skips or not.
    @Test func oneCheckedSampleIsEnough() throws {
        #expect(try GuideReportGoldenTests.run().files[0].guide?.nothingChecked == nil)
    }
}
