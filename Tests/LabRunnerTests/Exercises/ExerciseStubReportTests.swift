import Testing
@testable import LabRunner

/// An instructor's exercise whose stub passes is a failed test in every report; one whose stub
/// fails is a passed test.
struct ExerciseStubReportTests {
    static let key = """
    ---
    scenarios: mock
    ---
    <!-- labrunner: exercise id=good -->
    ```swift
    #if SOLUTION
    print(1)
    #else
    print(0)
    #endif
    ```
    ```output
    1
    ```
    <!-- labrunner: exercise id=lazy -->
    ```swift
    #if SOLUTION
    print(2)
    #else
    print(2)
    #endif
    ```
    ```output
    2
    ```
    """

    @Test func aStubThatPassesFailsInTheTerminalJUnitAndAnnotations() throws {
        let lab = try LabParser.parse(bytes: Array(Self.key.utf8), path: "key.md")
        let verdict = ReportFixture.verdict(lab, "mock", outputs: [0: "1\n", 1: "2\n"])
        let outcome = ReportFixture.file(lab, .ran([verdict])) { part in
            part.exerciseChecks = [ExerciseStubCheck(exerciseID: "good", result: .stubFails, compilerRan: true, buildDuration: 0),
                                   ExerciseStubCheck(exerciseID: "lazy", result: .stubPasses, compilerRan: true, buildDuration: 0)]
        }
        let file = FileReport(outcome, appleAvailable: false)
        let run = RunReport(files: [file], appleAvailable: false)
        #expect(run.totals.failed == 1 && run.totals.passed == 2)
        let text = TerminalReport(style: .plain).render(file).joined(separator: "\n")
        #expect(text.contains("  PASS  exercise 'good': checked: the solution passes and the stub fails every check"))
        #expect(text.contains("  FAIL  key.md:15: error: exercise 'lazy': the stub already passes its outputs; it checks nothing"))
        let junit = JUnitReport.xml(run)
        #expect(junit.contains("name=\"exercise lazy\""))
        #expect(junit.contains("type=\"exercise\""))
        #expect(GitHubAnnotations.lines(run).contains("::error file=key.md,line=15,title=exercise 'lazy'::the stub already passes its outputs; it checks nothing"))
    }

    /// An exercise whose stub could not be checked (the key did not run) is not a test, but it is
    /// counted as skipped: before, a key that did not compile said `SKIP  exercise …` and the
    /// closing line left those checks out of every count.
    @Test func aStubNotCheckedCountsAsSkipped() throws {
        let lab = try LabParser.parse(bytes: Array(Self.key.utf8), path: "key.md")
        let verdict = ReportFixture.verdict(lab, "mock", outputs: [0: "1\n", 1: "2\n"])
        let file = FileReport(ReportFixture.file(lab, .ran([verdict])), appleAvailable: false)
        #expect(file.parts.flatMap(\.exercises).map(\.status) == [.notChecked("the key (built with -D SOLUTION) did not run"),
                                                 .notChecked("the key (built with -D SOLUTION) did not run")])
        let run = RunReport(files: [file], appleAvailable: false)
        #expect(run.totals.passed == 1 && run.totals.failed == 0 && run.totals.skipped == 2)
    }
}
