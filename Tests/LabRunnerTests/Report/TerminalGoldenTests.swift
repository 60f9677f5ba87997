import Testing
@testable import LabRunner

/// The terminal report as people read it, compared whole: every file's lines, the blank lines
/// between files and the closing lines, exactly as `labrunner run` prints them (no colour).
struct TerminalGoldenTests {
    /// What `run` prints for these files, in order.
    private func text(_ files: [(FileOutcome, FileUpdate?)], verbose: Bool = false) -> String {
        var report = TerminalReport(style: .plain)
        report.verbose = verbose
        let run = RunReport(files: files.map { FileReport($0, update: $1, appleAvailable: false) }, appleAvailable: false)
        return report.render(run).joined(separator: "\n") + "\n"
    }

    private func text(_ files: FileOutcome...) -> String {
        text(files.map { ($0, nil) })
    }

    @Test func aPassingLab() {
        GoldenText.expect(text(ReportFixture.allPass()), equals: """
            labs/greetings.md  Greetings & <friends>
              PASS  mock      0.12s
              PASS  failing   0.25s
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)

            2 passed, 0 failed, 2 skipped

            """)
    }

    @Test func aMismatchShowsTheDiff() {
        GoldenText.expect(text(ReportFixture.mismatch()), equals: """
            labs/greetings.md  Greetings & <friends>
              PASS  mock      0.12s
              FAIL  failing   0.25s
                    labs/greetings.md:21: output differs in scenario failing (- expected, + actual)
                    @@ -1,1 +1,1 @@
                    -error: [..]
                    +complete(3)
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)

            1 passed, 1 failed, 2 skipped

            """)
    }

    /// The diff both scenarios printed alike comes once, after their lines, naming them; the
    /// diff only failing printed stays under failing. A FAIL line with nothing of its own under
    /// it says where its diff is (issue 35: `FAIL  mock` stood there without a reason).
    @Test func aDiffSharedByScenariosIsPrintedOnceNamingThem() {
        GoldenText.expect(text(GoldenFixtures.sharedDiff()), equals: """
            labs/greetings.md  Greetings & <friends>
              FAIL  mock      0.12s  output differs: line 11 (below)
              FAIL  failing   0.25s
                    labs/greetings.md:21: output differs in scenario failing (- expected, + actual)
                    @@ -1,1 +1,1 @@
                    -error: [..]
                    +complete(3)
                    labs/greetings.md:11: output differs in scenarios mock, failing (- expected, + actual)
                    @@ -1,1 +1,1 @@
                    -hello
                    +hallo
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)

            0 passed, 2 failed, 2 skipped

            """)
    }

    @Test func aCrashAndATimeout() {
        GoldenText.expect(text(ReportFixture.crashAndTimeout()), equals: """
            labs/greetings.md  Greetings & <friends>
              FAIL  mock      0.50s
                    crashed: SIGILL (a Swift runtime trap: fatalError, force unwrap of nil, index out of range…) in the cell at labs/greetings.md:15
                    stderr:
                      labs/greetings.md:16: Fatal error: boom
              FAIL  failing   5.00s
                    timed out after 5.00s in the cell at labs/greetings.md:15; output so far:
                      waiting
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)

            0 passed, 2 failed, 2 skipped

            """)
    }

    @Test func aTimeoutBeforeAnyOutput() {
        GoldenText.expect(text(GoldenFixtures.silentTimeout()), equals: """
            labs/greetings.md  Greetings & <friends>
              PASS  mock      0.12s
              FAIL  failing   5.00s
                    timed out after 5.00s in the cell at labs/greetings.md:15; no output before it
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)

            1 passed, 1 failed, 2 skipped

            """)
    }

    @Test func compileErrors() {
        GoldenText.expect(text(ReportFixture.compileFailure()), equals: """
            labs/greetings.md  Greetings & <friends>
            labs/greetings.md:9:1: warning: result unused, x, y: z
                print("hello")
                ^
            labs/greetings.md:16:7: error: cannot find 'second' in scope
                print(second)
                      ^
            labs/greetings.md:9:1: error: ambiguous use of 'print'
                print("hello")
                ^
            labs/greetings.md:9:1: note: found this candidate
                print("hello")
                ^
              FAIL  mock, failing: did not compile (2 errors in 2 of 3 cells)
                    errors by cell: line 7 (1), line 15 (1)
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)

            0 passed, 2 failed, 2 skipped

            """)
    }

    @Test func anInvalidFile() {
        GoldenText.expect(text(ReportFixture.invalid()), equals: """
            labs/bad.md
            labs/bad.md:2:1: error: unknown front matter key 'timout'; did you mean 'timeout'? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)
                timout: 5
                ^

            1 file could not be checked
            0 passed, 0 failed, 0 skipped

            """)
    }

    @Test func anUnreadableFile() {
        GoldenText.expect(text(GoldenFixtures.unreadable()), equals: """
            gone.md
            gone.md: error: cannot read lab: no such file

            1 file could not be checked
            0 passed, 0 failed, 0 skipped

            """)
    }

    @Test func aFileWithoutSwiftCells() {
        GoldenText.expect(text(GoldenFixtures.noCells()), equals: """
            docs/notes.md
              no Swift cells to compile

            0 passed, 0 failed, 0 skipped

            """)
    }

    @Test func aToolFailure() {
        GoldenText.expect(text(GoldenFixtures.toolFailure()), equals: """
            labs/greetings.md  Greetings & <friends>
              FAIL  swiftc /usr/bin/swiftc crashed: killed by SIGSEGV; the file was not checked
                    swiftc printed:
                      Stack dump:
                      0. Program arguments: swiftc
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)

            1 file could not be checked
            0 passed, 2 failed, 2 skipped

            """)
    }

    @Test func compileFailChecks() {
        GoldenText.expect(text(GoldenFixtures.checkPasses(), GoldenFixtures.checkDiffers(), GoldenFixtures.checkCompiled()), equals: """
            labs/checks.md:8  compile_fail cell
              PASS  rejected by swiftc as expected (1 error)  0.50s

            labs/checks.md:8  compile_fail cell
              FAIL  compile_fail  0.50s
                    labs/checks.md:11: diagnostics differ (- expected, + actual)
                    @@ -1,1 +1,1 @@
                    -error: cannot convert value of type 'String' to specified type 'Int'
                    +error: cannot convert value of type 'String' to specified type 'Double'

            labs/checks.md:8  compile_fail cell
              FAIL  compile_fail  0.50s
                    labs/checks.md:8: error: compile_fail cell compiled; swiftc was expected to reject it

            1 passed, 2 failed, 0 skipped

            """)
    }

    @Test func aMissingModuleSkip() {
        GoldenText.expect(text(GoldenFixtures.missingModule()), equals: """
            guides/firebase.md  Greetings & <friends>
              SKIP  needs module FirebaseAuth (cells at lines 7, 15), not available here (--strict makes this a failure)
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)

            0 passed, 0 failed, 4 skipped

            """)
    }

    @Test func updatedScenarios() {
        GoldenText.expect(text([(ReportFixture.mismatch(), ReportFixture.updated(["failing"])),
                                 (GoldenFixtures.checkDiffers(), FileUpdate(write: .wrote, parts: [
                                     DiagnosticsUpdater.plan(GoldenFixtures.checkDiffers().checkForTest, lab: GoldenFixtures.checksLab()).1,
                                 ]))]), equals: """
            labs/greetings.md  Greetings & <friends>
              PASS  mock      0.12s
              UPDATED  failing   0.25s
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)
              updated: 1 output block rewritten, 0 inserted
              wrote labs/greetings.md

            labs/checks.md:8  compile_fail cell
              UPDATED  compile_fail  0.50s
              updated: the diagnostics block
              wrote labs/checks.md

            3 passed, 0 failed, 2 skipped

            """)
    }

    @Test func aFlakyScenario() {
        GoldenText.expect(text(GoldenFixtures.flaky()), equals: """
            labs/greetings.md  Greetings & <friends>
              FAIL  mock      0.12s
                    flaky: 3 runs did not all come out the same
                    labs/greetings.md:15: the cell printed differently in runs 1, 3 (-) and run 2 (+)
                    @@ -1,1 +1,1 @@
                    -second
                    +2nd
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)

            0 passed, 1 failed, 2 skipped

            """)
    }

    @Test func manyFilesInOneRun() {
        GoldenText.expect(text(ReportFixture.allPass(), ReportFixture.invalid(), GoldenFixtures.noCells(), ReportFixture.mismatch(), GoldenFixtures.unreadable()), equals: """
            labs/greetings.md  Greetings & <friends>
              PASS  mock      0.12s
              PASS  failing   0.25s
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)

            labs/bad.md
            labs/bad.md:2:1: error: unknown front matter key 'timout'; did you mean 'timeout'? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)
                timout: 5
                ^

            docs/notes.md
              no Swift cells to compile

            labs/greetings.md  Greetings & <friends>
              PASS  mock      0.12s
              FAIL  failing   0.25s
                    labs/greetings.md:21: output differs in scenario failing (- expected, + actual)
                    @@ -1,1 +1,1 @@
                    -error: [..]
                    +complete(3)
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)

            gone.md
            gone.md: error: cannot read lab: no such file

            2 files could not be checked
            3 passed, 1 failed, 4 skipped

            """)
    }

    /// `--verbose` says per part whether swiftc ran or the cache had it.
    @Test func verboseSaysWhetherSwiftcRan() {
        GoldenText.expect(text([(ReportFixture.allPass(), nil), (GoldenFixtures.checkPasses(), nil)], verbose: true), equals: """
            labs/greetings.md  Greetings & <friends>
              PASS  mock      0.12s
              PASS  failing   0.25s
              skipped: 1 cell needs SwiftUI, not available here (line 29: imports SwiftUI); 1 marked skip (line 25)
              cache hit: swiftc not run

            labs/checks.md:8  compile_fail cell
              PASS  rejected by swiftc as expected (1 error)  0.50s
              swiftc ran: 0.00s

            3 passed, 0 failed, 2 skipped

            """)
    }

    @Test func checksThatFailForOtherReasons() {
        GoldenText.expect(text(GoldenFixtures.checkAfterBrokenCells(), GoldenFixtures.noRunRejected()), equals: """
            labs/checks.md:8  compile_fail cell
              FAIL  compile_fail  0.50s
                    labs/checks.md:8: error: the cells before it do not compile (1 error)
                    labs/checks.md:5:13: error: cannot find 'three' in scope
                        let count = 3
                                    ^

            labs/checks.md:15  no_run cell
            labs/checks.md:16:7: error: cannot find 'count' in scope
                print(count)
                      ^
              FAIL  no_run  0.50s
                    labs/checks.md:15: error: no_run cell did not compile (1 error)

            0 passed, 2 failed, 0 skipped

            """)
    }
}
