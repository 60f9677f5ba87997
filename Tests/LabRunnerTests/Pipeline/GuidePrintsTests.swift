import Testing
@testable import LabRunner

/// A guide sample with `// Prints` comments runs once; its output must be the comments' lines.
struct GuidePrintsTests {
    /// A sample with comments (line 1, comments at 3 and 5) and one without (8): only the first runs.
    static let guide = """
    ```swift
    let x = 2
    print(x) // Prints 2
    print("hi")
    // Prints "hi"
    ```

    ```swift
    let y = 3
    ```

    """

    static func outcomes(printed: String) throws -> [String] {
        let toolchain = RecordingToolchain(printed: [1: printed])
        let plan = try GuideRunnerTests.plan(guide)
        let outcome = GuideRunnerTests.pipeline(toolchain).runGuide(plan, only: nil)
        return outcome.samples.map(GuideRunnerTests.describe)
    }

    @Test func theCommentsStatedPass() throws {
        #expect(try Self.outcomes(printed: "2\nhi\n") == ["1 passed, ran", "8 passed"])
    }

    @Test(arguments: [
        ("2\nho\n", 5),
        ("3\nhi\n", 3),
        // More lines than comments: at the last comment; fewer: at the first missing one.
        ("2\nhi\nmore\n", 5),
        ("2\n", 5),
        ("", 3),
    ])
    func aDifferenceFailsAtTheFirstDifferingComment(_ printed: String, _ line: Int) throws {
        #expect(try Self.outcomes(printed: printed) == ["1 failed, ran: prints at line \(line)", "8 passed"])
    }

    @Test func theReportShowsTheDiffAtTheCommentsLine() throws {
        let mismatch = PrintsMismatch.compare(PrintsComments.find(in: Array("print(1) // Prints 1\nprint(2) // Prints 2\n".utf8)),
                                              lines: [12, 13], output: "1\n3\n")
        #expect(mismatch?.line == 13)
        #expect(mismatch?.diff.contains("-2") == true)
        #expect(mismatch?.diff.contains("+3") == true)
    }

    /// An output block is what a sample is checked against: its comments are then not counted.
    @Test func anOutputBlockWinsOverComments() throws {
        let plan = try GuideRunnerTests.plan("```swift\nprint(1) // Prints 2\n```\n```output\n1\n```\n")
        #expect(plan.samples[0].prints.isEmpty)
        #expect(plan.samples[0].role == .program(runs: true))
    }

    /// Every report says where: JUnit's failure, JSON's cell and the annotation point at the comment.
    @Test func reportsPointAtTheComment() throws {
        let toolchain = RecordingToolchain(printed: [1: "2\nho\n"])
        let plan = try GuideRunnerTests.plan(Self.guide)
        let outcome = GuideRunnerTests.pipeline(toolchain).runGuide(plan, only: nil)
        let run = RunReport(files: [FileReport(FileOutcome(path: "guide.md", content: .guide(outcome)), appleAvailable: false)],
                            appleAvailable: false)
        let header = "guide.md:5: output differs from the // Prints comments (- expected, + actual)"
        #expect(JUnitReport.xml(run).contains("<failure message=\"\(header)\""))
        #expect(try JSONReport.json(run).contains("\"expectedLine\" : 5"))
        #expect(GitHubAnnotations.lines(run).contains { $0.hasPrefix("::error file=guide.md,line=5,") })
        let page = NotebookPage(file: run.files[0], indexLink: "../index.html").html()
        #expect(page.contains("<pre class=\"problem\">\(header)\n@@ -1,2 +1,2 @@\n 2\n-hi\n+ho</pre>"), "\(page)")
    }
}
