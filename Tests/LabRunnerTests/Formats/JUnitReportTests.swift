import Foundation
import Testing
@testable import LabRunner

struct JUnitReportTests {
    private func parse(_ outcomes: [FileOutcome], appleAvailable: Bool = false, durations: [String: Double] = [:]) throws -> XMLCollector {
        let xml = JUnitReport.xml(ReportFixture.run(outcomes, appleAvailable: appleAvailable, durations: durations))
        return try #require(XMLCollector.parse(xml), "not well-formed:\n\(xml)")
    }

    @Test func allPassIsOneSuiteOfPassingTestcases() throws {
        let xml = try parse([ReportFixture.allPass()])
        let root = try #require(xml.named("testsuites").first)
        #expect(root.attributes == ["name": "labrunner", "tests": "2", "failures": "0", "errors": "0", "skipped": "0", "time": "1.875"])
        let suite = try #require(xml.named("testsuite").first)
        #expect(suite.attributes["name"] == "labs/greetings.md")
        #expect(suite.attributes["time"] == "1.875")
        let cases = xml.named("testcase")
        #expect(cases.map { $0.attributes["name"] } == ["mock", "failing"])
        #expect(cases.map { $0.attributes["classname"] } == ["labs/greetings.md", "labs/greetings.md"])
        #expect(cases.map { $0.attributes["time"] } == ["0.125", "0.250"])
        #expect(cases.allSatisfy { xml.children(of: $0).isEmpty })
        #expect(xml.named("failure").isEmpty)
    }

    @Test func propertiesNoteTheTitleCacheAndSkippedCells() throws {
        let xml = try parse([ReportFixture.allPass()])
        let properties = xml.named("property").map { "\($0.attributes["name"]!)=\($0.attributes["value"]!)" }
        #expect(properties == [
            "title=Greetings & <friends>",
            "compiler-ran=false",
            "build-duration=1.500",
            "skipped-cell=line 25: marked skip",
            "skipped-cell=line 29: needs SwiftUI, not available here (imports SwiftUI)",
        ])
        let suite = try #require(xml.named("testsuite").first)
        #expect(xml.children(of: suite).last?.name == "system-out")
        #expect(xml.children(of: suite).last?.text == """
            skipped: labs/greetings.md:25: marked skip
            skipped: labs/greetings.md:29: needs SwiftUI, not available here (imports SwiftUI)
            """)
    }

    @Test func appleCellsAreNotSkippedWhereSwiftUIExists() throws {
        let xml = try parse([ReportFixture.allPass()], appleAvailable: true)
        #expect(xml.named("property").filter { $0.attributes["name"] == "skipped-cell" }.map { $0.attributes["value"] } == ["line 25: marked skip"])
    }

    @Test func aMismatchIsAFailureWhoseBodyIsTheDiff() throws {
        let xml = try parse([ReportFixture.mismatch()])
        #expect(xml.named("testsuite").first?.attributes["failures"] == "1")
        let failures = xml.named("failure")
        #expect(failures.count == 1)
        let failure = try #require(failures.first)
        #expect(failure.attributes["type"] == "mismatch")
        #expect(failure.attributes["message"] == "labs/greetings.md:21: output differs in scenario failing (- expected, + actual)")
        #expect(failure.text == """
            labs/greetings.md:21: output differs in scenario failing (- expected, + actual)
            @@ -1,1 +1,1 @@
            -error: [..]
            +complete(3)
            """)
        #expect(xml.elements[failure.parent!].attributes["name"] == "failing")
    }

    @Test func crashAndTimeoutFailuresSayWhereAndShowStderrOrOutput() throws {
        let xml = try parse([ReportFixture.crashAndTimeout()])
        let failures = xml.named("failure")
        #expect(failures.map { $0.attributes["type"] } == ["crash", "timeout"])
        #expect(failures[0].attributes["message"] == "crashed: SIGILL (a Swift runtime trap: fatalError, force unwrap of nil, index out of range…) in the cell at labs/greetings.md:15")
        #expect(failures[0].text == """
            crashed: SIGILL (a Swift runtime trap: fatalError, force unwrap of nil, index out of range…) in the cell at labs/greetings.md:15
            stderr:
              labs/greetings.md:16: Fatal error: boom
            """)
        #expect(failures[1].attributes["message"] == "timed out after 5.00s in the cell at labs/greetings.md:15")
        #expect(failures[1].text == "timed out after 5.00s in the cell at labs/greetings.md:15; output so far:\n  waiting")
        // Stack frames are dropped from the full stderr too.
        #expect(xml.named("system-err").map(\.text) == ["labs/greetings.md:16: Fatal error: boom\n"])
        #expect(xml.named("testsuites").first?.attributes["failures"] == "2")
        #expect(xml.named("testcase").map { $0.attributes["time"] } == ["0.500", "5.000"])
    }

    @Test func aTimeoutWithoutOutputSaysThereWasNone() throws {
        let failure = try #require(try parse([GoldenFixtures.silentTimeout()]).named("failure").first)
        #expect(failure.text == "timed out after 5.00s in the cell at labs/greetings.md:15; no output before it")
    }

    @Test func aLabThatDoesNotCompileFailsEveryScenarioWithTheDiagnostics() throws {
        let xml = try parse([ReportFixture.compileFailure()])
        let failures = xml.named("failure")
        #expect(failures.count == 2)
        #expect(failures.map { xml.elements[$0.parent!].attributes["name"] } == ["mock", "failing"])
        #expect(failures.allSatisfy { $0.attributes["type"] == "compile-error" && $0.attributes["message"] == "did not compile (2 errors)" })
        #expect(failures[0].text == """
            labs/greetings.md:16:7: error: cannot find 'second' in scope
                print(second)
                      ^
            labs/greetings.md:9:1: error: ambiguous use of 'print'
                print("hello")
                ^
            labs/greetings.md:9:1: note: found this candidate
                print("hello")
                ^
            """)
        let suite = try #require(xml.named("testsuite").first)
        #expect(suite.attributes["time"] == "2.000")
        #expect(xml.children(of: suite).last?.text.hasPrefix("labs/greetings.md:9:1: warning: result unused, x, y: z\n") == true)
    }

    @Test func anInvalidLabIsOneParseTestcaseWithAnError() throws {
        let xml = try parse([ReportFixture.invalid()])
        let suite = try #require(xml.named("testsuite").first)
        #expect(suite.attributes == ["name": "labs/bad.md", "tests": "1", "failures": "0", "errors": "1", "skipped": "0", "time": "0.000"])
        #expect(xml.named("testcase").map { $0.attributes["name"] } == ["parse"])
        #expect(xml.named("properties").isEmpty)
        let error = try #require(xml.named("error").first)
        #expect(error.attributes["type"] == "input-error")
        #expect(error.attributes["message"] == "unknown front matter key 'timout'; did you mean 'timeout'? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)")
        #expect(error.text == "labs/bad.md:2:1: error: \(error.attributes["message"]!)\n    timout: 5\n    ^")
    }

    @Test func totalsAddUpOverEveryLab() throws {
        let outcomes = [ReportFixture.allPass(), ReportFixture.mismatch(), ReportFixture.crashAndTimeout(),
                        ReportFixture.compileFailure(), ReportFixture.invalid()]
        let xml = try parse(outcomes)
        #expect(xml.named("testsuites").first?.attributes == [
            "name": "labrunner", "tests": "9", "failures": "5", "errors": "1", "skipped": "0", "time": "12.750",
        ])
        #expect(xml.named("testsuite").count == 5)
        #expect(xml.named("testcase").count == 9)
        #expect(xml.named("failure").count == 5)
        #expect(xml.named("error").count == 1)
    }

    @Test func durationsGiveTheSuiteTimes() throws {
        let xml = try parse([ReportFixture.allPass(path: "a.md"), ReportFixture.mismatch(path: "b.md")], durations: ["a.md": 3.25])
        #expect(xml.named("testsuite").map { $0.attributes["time"] } == ["3.250", "1.875"])
        #expect(xml.named("testsuites").first?.attributes["time"] == "5.125")
    }

    @Test func scenariosThatWereNotSelectedAreSkipped() throws {
        let lab = ReportFixture.lab()
        let filtered = ReportFixture.ran(lab, [ReportFixture.verdict(lab, "failing", outputs: [0: "hello\n", 1: "error: x\n"])])
        let xml = try parse([filtered])
        let skipped = xml.named("skipped")
        #expect(skipped.map { xml.elements[$0.parent!].attributes["name"] } == ["mock"])
        #expect(skipped.map { $0.attributes["message"] } == ["not run: scenario not selected"])
        #expect(xml.named("testsuites").first?.attributes["skipped"] == "1")
        #expect(xml.named("testsuites").first?.attributes["tests"] == "2")
    }

    /// A file without Swift cells is not a test, as the terminal counts it neither passed nor
    /// failed: a suite with no testcase, saying why in its output.
    @Test func aFileWithoutSwiftCellsHasNoTestcase() throws {
        let xml = try parse([GoldenFixtures.noCells()])
        let suite = try #require(xml.named("testsuite").first)
        #expect(suite.attributes == ["name": "docs/notes.md", "tests": "0", "failures": "0", "errors": "0", "skipped": "0", "time": "0.000"])
        #expect(xml.named("testcase").isEmpty)
        #expect(xml.children(of: suite).last?.text == "no Swift cells to compile")
        #expect(xml.named("property").map { $0.attributes["value"] } == ["false", "0.000"])
    }

    @Test func aToolFailureIsAnErrorPerScenario() throws {
        let xml = try parse([ReportFixture.toolFailure(ReportFixture.lab())])
        let errors = xml.named("error")
        #expect(errors.count == 2)
        let message = "swiftc /usr/bin/swiftc crashed: killed by SIGSEGV; the file was not checked"
        #expect(errors.allSatisfy {
            $0.attributes == ["message": message, "type": "tool-error"] && $0.text == message + "\nswiftc printed:\n  signal 11"
        })
    }

    @Test func updatedScenariosPassWithANote() throws {
        let xml = JUnitReport.xml(ReportFixture.run([ReportFixture.mismatch()], updates: ["labs/greetings.md": ReportFixture.updated(["failing"])]))
        let parsed = try #require(XMLCollector.parse(xml))
        #expect(parsed.named("failure").isEmpty)
        #expect(parsed.named("testcase").last.map { parsed.children(of: $0).map(\.text) } == ["updated: the cells' actual output was written back to the lab"])
    }

    @Test func nastyTextStaysWellFormedAndReadsBackUnchanged() throws {
        let path = "labs/a&b <\"x\"> 'y'.md"
        let actual = "<&>]]> \"q\" 'a' \u{1}\u{8}\u{1B}[31m café ✓ 🎉 x\ry\n"
        let outcome = ReportFixture.mismatch(actual: actual, stderr: "oops ]]> & <tag/>\u{0} \u{FFFE}\r\n", path: path)
        let tool = ReportFixture.toolFailure(ReportFixture.lab(path: "t.md"), output: "bad \u{7}bell & <b>")
        let xml = try parse([outcome, tool])
        #expect(xml.named("testsuite").first?.attributes["name"] == path)
        #expect(xml.named("testcase").first?.attributes["classname"] == path)
        let failure = try #require(xml.named("failure").first)
        #expect(failure.attributes["message"] == "\(path):21: output differs in scenario failing (- expected, + actual)")
        #expect(failure.text == """
            \(path):21: output differs in scenario failing (- expected, + actual)
            @@ -1,1 +1,1 @@
            -error: [..]
            +<&>]]> "q" 'a' ␁␈␛[31m café ✓ 🎉 x␍y
            """)
        #expect(xml.named("system-err").map(\.text) == ["oops ]]> & <tag/>\u{FFFD} \u{FFFD}\r\n"])
        #expect(xml.named("error").first?.text.hasSuffix("\nswiftc printed:\n  bad \u{FFFD}bell & <b>") == true)
    }

    @Test func escapingIsExact() {
        #expect(XMLEscaping.text("a<b>&\"'\u{1}\r\n\t\u{FFFE}\u{10000}é") == "a&lt;b&gt;&amp;&quot;&apos;\u{FFFD}&#13;\n\t\u{FFFD}\u{10000}é")
        #expect(XMLEscaping.attribute("x]]>\r\n\ty") == "x]]&gt;&#13;&#10;&#9;y")
        #expect(XMLEscaping.text("") == "")
    }

    @Test func noOutcomesIsAnEmptyButValidReport() throws {
        let xml = JUnitReport.xml(RunReport(files: [], appleAvailable: false))
        #expect(xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="labrunner" tests="0" failures="0" errors="0" skipped="0" time="0.000"/>

            """)
        #expect(XMLCollector.parse(xml) != nil)
    }
}
