import Testing
@testable import LabRunner

/// `ReportChange.between`: what `watch` says changed between two runs of one file, case by case.
struct ReportChangeTests {
    static let path = "labs/greetings.md"
    static let failingHeader = "labs/greetings.md:21: output differs in scenario failing (- expected, + actual)"

    static func report(_ outcome: FileOutcome) -> FileReport {
        FileReport(outcome, appleAvailable: false)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let old: FileReport?
        let new: FileReport
        let expected: [ReportChange]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "same verdicts: nothing", old: report(ReportFixture.allPass()), new: report(ReportFixture.allPass()), expected: []),
        Case(name: "a cell now fails, with its diff", old: report(ReportFixture.allPass()), new: report(ReportFixture.mismatch()),
             expected: [.nowFails(place: "labs/greetings.md:15", scenario: "failing", header: failingHeader,
                                  diff: ["@@ -1,1 +1,1 @@", "-error: [..]", "+complete(3)"])]),
        Case(name: "a cell now passes", old: report(ReportFixture.mismatch()), new: report(ReportFixture.allPass()),
             expected: [.nowPasses(place: "labs/greetings.md:15", scenario: "failing")]),
        Case(name: "still failing, another diff", old: report(ReportFixture.mismatch(actual: "a\n")),
             new: report(ReportFixture.mismatch(actual: "b\n")),
             expected: [.failsDifferently(place: "labs/greetings.md:15", scenario: "failing", header: failingHeader,
                                          diff: ["@@ -1,1 +1,1 @@", "-error: [..]", "+b"])]),
        Case(name: "still failing, same diff: nothing", old: report(ReportFixture.mismatch()), new: report(ReportFixture.mismatch()),
             expected: []),
        Case(name: "compile errors appear", old: report(ReportFixture.allPass()), new: report(ReportFixture.compileFailure()),
             expected: [.errorsAppeared(part: path, errors: [
                 "labs/greetings.md:16:7: error: cannot find 'second' in scope",
                 "labs/greetings.md:9:1: error: ambiguous use of 'print'",
             ])]),
        Case(name: "the same compile errors: nothing", old: report(ReportFixture.compileFailure()),
             new: report(ReportFixture.compileFailure()), expected: []),
        Case(name: "compiles again, failures after it are news", old: report(ReportFixture.compileFailure()),
             new: report(ReportFixture.mismatch()),
             expected: [.compiles(part: path),
                        .nowFails(place: "labs/greetings.md:15", scenario: "failing", header: failingHeader,
                                  diff: ["@@ -1,1 +1,1 @@", "-error: [..]", "+complete(3)"])]),
        Case(name: "compiles again and passes", old: report(ReportFixture.compileFailure()), new: report(ReportFixture.allPass()),
             expected: [.compiles(part: path)]),
        Case(name: "not a lab any more", old: report(ReportFixture.allPass()), new: report(ReportFixture.invalid()),
             expected: [.notALab("labs/bad.md:2:1: error: unknown front matter key 'timout'; did you mean 'timeout'? (labrunner reads title, scenarios, swift-version, timeout, swiftc-flags, network; it leaves other keys to site generators)")]),
        Case(name: "still not a lab: nothing", old: report(ReportFixture.invalid()), new: report(ReportFixture.invalid()), expected: []),
        Case(name: "a lab again", old: report(ReportFixture.invalid()), new: report(ReportFixture.allPass()), expected: [.labAgain]),
        Case(name: "the file is gone", old: report(ReportFixture.allPass()), new: report(ReportFixture.unreadable(path)),
             expected: [.notALab("labs/greetings.md: error: cannot read lab: no such file")]),
        Case(name: "first run: only failures", old: nil, new: report(ReportFixture.mismatch()),
             expected: [.nowFails(place: "labs/greetings.md:15", scenario: "failing", header: failingHeader,
                                  diff: ["@@ -1,1 +1,1 @@", "-error: [..]", "+complete(3)"])]),
    ]

    @Test(arguments: cases)
    func changes(_ test: Case) {
        #expect(ReportChange.between(test.old, test.new) == test.expected)
    }

    @Test func aCrashAndATimeoutAreProblemsAndGoAwayAgain() {
        let broken = Self.report(ReportFixture.crashAndTimeout())
        let changes = ReportChange.between(Self.report(ReportFixture.allPass()), broken)
        let problems = changes.compactMap { change -> String? in
            if case .problem(let scenario, let message) = change { return "\(scenario): \(message)" }
            return nil
        }
        #expect(problems.count == 2)
        #expect(problems.first?.hasPrefix("mock: crashed") == true, "\(problems)")
        #expect(problems.last?.hasPrefix("failing: timed out") == true, "\(problems)")
        let fixed = ReportChange.between(broken, Self.report(ReportFixture.allPass()))
        #expect(fixed.contains(.problemGone(scenario: "mock")))
        #expect(fixed.contains(.problemGone(scenario: "failing")))
    }

    @Test func theLinesSayTheCountsTheTimeAndEachChange() {
        let new = Self.report(ReportFixture.mismatch())
        let lines = ChangeLines.render(ReportChange.between(Self.report(ReportFixture.allPass()), new), file: new,
                                       seconds: 0.25, style: .plain)
        #expect(lines == [
            "labs/greetings.md  1 passed, 1 failed, 2 skipped  0.25s from save to verdict",
            "  now fails   labs/greetings.md:15 in failing",
            "        " + Self.failingHeader,
            "        @@ -1,1 +1,1 @@",
            "        -error: [..]",
            "        +complete(3)",
        ])
        #expect(ChangeLines.render([], file: new, seconds: nil, style: .plain) == ["labs/greetings.md  1 passed, 1 failed, 2 skipped", "  no change"])
    }
}
