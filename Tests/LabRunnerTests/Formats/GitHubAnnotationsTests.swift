import Foundation
import Testing
@testable import LabRunner

struct GitHubAnnotationsTests {
    @Test func passingAndNothingToRunLabsAnnotateNothing() {
        let nothing = ReportFixture.file(ReportFixture.lab(), .nothingToRun)
        #expect(GitHubAnnotations.lines(ReportFixture.run([ReportFixture.allPass(), nothing])) == [])
    }

    @Test func aMismatchIsAnErrorAtTheOutputBlockWithTheDiff() {
        #expect(GitHubAnnotations.lines(ReportFixture.run([ReportFixture.mismatch()])) == [
            "::error file=labs/greetings.md,line=21,title=output differs in scenario failing::@@ -1,1 +1,1 @@%0A-error: [..]%0A+complete(3)",
        ])
    }

    @Test func outputWithoutABlockIsAnErrorAtTheCell() {
        let lab = ReportFixture.lab()
        // Cell 0 has a block for every scenario; give the verdict a mismatch with no block, as for a silent cell.
        let comparison = TranscriptComparison(expected: "", actual: "surprise\n")
        let verdict = ScenarioVerdict(scenario: "mock", mismatches: [.init(cell: lab.cells[0], expected: nil, comparison: comparison)],
                                      problem: nil, lastCell: nil, stderr: "", duration: 0, actualOutputs: [0: "surprise\n"])
        #expect(GitHubAnnotations.lines(ReportFixture.run([ReportFixture.ran(lab, [verdict])])) == [
            "::error file=labs/greetings.md,line=7,title=output without an output block in scenario mock::@@ -0,0 +1,1 @@%0A+surprise",
        ])
    }

    @Test func aLongDiffIsCutAfterTenLines() throws {
        let actual = (1...20).map { "line \($0)\n" }.joined()
        let line = try #require(GitHubAnnotations.lines(ReportFixture.run([ReportFixture.mismatch(actual: actual)])).first)
        let message = try #require(line.split(separator: "::", maxSplits: 2).last)
        let parts = message.components(separatedBy: "%0A")  // header, 1 removed and 20 added lines: 22
        #expect(parts.count == 11)
        #expect(parts.prefix(3) == ["@@ -1,1 +1,20 @@", "-error: [..]", "+line 1"])
        #expect(parts.last == "… 12 more diff lines")
    }

    @Test func crashAndTimeoutAreErrorsAtTheRunningCell() {
        #expect(GitHubAnnotations.lines(ReportFixture.run([ReportFixture.crashAndTimeout()])) == [
            "::error file=labs/greetings.md,line=15,title=crashed in scenario mock::crashed: SIGILL (a Swift runtime trap: fatalError, force unwrap of nil, index out of range…)%0Astderr:%0A  labs/greetings.md:16: Fatal error: boom",
            "::error file=labs/greetings.md,line=15,title=timed out in scenario failing::timed out after 5.00s; output so far:%0A  waiting",
        ])
    }

    /// A timeout before the cell printed anything says so, instead of ending with `output so far:`.
    @Test func aTimeoutWithoutOutputSaysThereWasNone() {
        #expect(GitHubAnnotations.lines(ReportFixture.run([GoldenFixtures.silentTimeout()])) == [
            "::error file=labs/greetings.md,line=15,title=timed out in scenario failing::timed out after 5.00s; no output before it",
        ])
    }

    @Test func compileErrorsAtTheirColumnWithNotesAndWarnings() {
        #expect(GitHubAnnotations.lines(ReportFixture.run([ReportFixture.compileFailure()])) == [
            "::warning file=labs/greetings.md,line=9,col=1,title=compiler warning::result unused, x, y: z",
            "::error file=labs/greetings.md,line=16,col=7,title=compile error::cannot find 'second' in scope",
            "::error file=labs/greetings.md,line=9,col=1,title=compile error::ambiguous use of 'print'%0Alabs/greetings.md:9:1: note: found this candidate",
        ])
    }

    @Test func aPreludeErrorHasTheLabButNoLine() {
        let lab = ReportFixture.lab()
        let error = Diagnostic(severity: .error, location: nil, message: "100% broken", inPrelude: true)
        let outcome = ReportFixture.file(lab, .compileFailed(errors: [error], rawOutput: ""))
        #expect(GitHubAnnotations.lines(ReportFixture.run([outcome])) == [
            "::error file=labs/greetings.md,title=compile error::100%25 broken (in the labrunner prelude)",
        ])
    }

    @Test func inputAndToolErrors() {
        let tool = ReportFixture.toolFailure(ReportFixture.lab(), output: "signal 11\r\n")
        let unreadable = ReportFixture.unreadable()
        #expect(GitHubAnnotations.lines(ReportFixture.run([ReportFixture.invalid(), tool, unreadable])) == [
            "::error file=labs/bad.md,line=2,col=1,title=invalid lab::unknown front matter key 'timout'; did you mean 'timeout'? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)",
            "::error file=labs/greetings.md,title=labrunner could not run the lab::swiftc /usr/bin/swiftc crashed: killed by SIGSEGV; the file was not checked%0Aswiftc printed:%0A  signal 11%0D%0A",
            "::error file=gone.md,title=invalid lab::cannot read lab: no such file",
        ])
    }

    @Test func propertiesAndMessagesAreEscaped() {
        #expect(GitHubAnnotations.escapeData("100% done\r\nnext: a, b") == "100%25 done%0D%0Anext: a, b")
        #expect(GitHubAnnotations.escapeProperty("C:\\labs,x%\n.md") == "C%3A\\labs%2Cx%25%0A.md")
        let lab = ReportFixture.lab(path: "labs/a,b:c%.md")
        let verdict = ReportFixture.verdict(lab, "mock", outputs: [0: "100%\r\n", 1: "second\n"])
        #expect(GitHubAnnotations.lines(ReportFixture.run([ReportFixture.ran(lab, [verdict])])) == [
            "::error file=labs/a%2Cb%3Ac%25.md,line=11,title=output differs in scenario mock::@@ -1,1 +1,1 @@%0A-hello%0A+100%25",
        ])
    }
}
