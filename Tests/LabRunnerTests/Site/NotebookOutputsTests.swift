import Testing
@testable import LabRunner

/// Less noise on a page: one panel where every scenario printed the same, tabs (named by their
/// scenarios, differing lines marked) only where they differ, nothing under a cell that printed
/// nothing, each fact said once, the banner linking to the first failing cell, a crash's line marked.
struct NotebookOutputsTests {
    static func page(_ outcome: FileOutcome) -> String { NotebookPageTests.page(outcome) }
    static func cell(_ html: String, _ line: Int) -> Substring { NotebookPageTests.section(html, id: "L\(line)") }

    @Test func outputsThatDifferGetATabEachWithTheDifferingLinesMarked() {
        let html = Self.page(ReportFixture.allPass())
        let cell = Self.cell(html, 15)
        #expect(cell.contains("<button type=\"button\" class=\"tab pass\" role=\"tab\" data-panel=\"L15-mock-0\">mock <span class=\"mark\">✓</span></button>"))
        #expect(cell.contains("data-scenarios=\"failing\" data-status=\"pass\"><p class=\"panel-title\">failing: passed</p>\n"
                              + "<pre class=\"out\"><mark class=\"differs\">error: offline</mark>\n</pre>"))
        #expect(cell.contains("<pre class=\"out\"><mark class=\"differs\">second</mark>\n</pre>"))
    }

    /// Scenarios that printed the same share a tab, named by both; a diff both printed is one panel.
    @Test func scenariosThatShowTheSameShareAPanel() {
        let html = Self.page(GoldenFixtures.sharedDiff())
        let first = Self.cell(html, 7)
        #expect(first.contains("<div class=\"outputs single\">"))
        #expect(first.contains("data-scenarios=\"mock failing\" data-status=\"fail\""))
        #expect(first.components(separatedBy: "<span class=\"ins\">+hallo</span>").count == 2)
        #expect(!first.contains("class=\"tab"))
        #expect(first.contains("<span class=\"badge fail\">failed in mock, failing</span>"))
    }

    @Test func aSkippedCellSaysWhyOnceWithoutPanels() {
        let html = Self.page(ReportFixture.mismatch())
        for (line, reason) in [(25, "marked skip"), (29, "needs SwiftUI, not available here (imports SwiftUI)")] {
            let cell = Self.cell(html, line)
            #expect(cell.components(separatedBy: reason).count == 2, "\(cell)")
            #expect(!cell.contains("data-scenarios="))
        }
    }

    /// A scenario that did not run is one note on top, not a tab under every cell.
    @Test func aScenarioNotSelectedIsSaidOnceOnTop() {
        let lab = ReportFixture.lab()
        let html = Self.page(ReportFixture.ran(lab, [ReportFixture.verdict(lab, "mock", outputs: [0: "hello\n", 1: "second\n"])]))
        #expect(html.components(separatedBy: "scenario not selected").count == 2)
        #expect(html.contains("<p class=\"skipped\"><span class=\"verdict\">failing: not run: scenario not selected</span></p>"))
        #expect(Self.cell(html, 15).contains("data-scenarios=\"mock\" data-status=\"pass\""))
        #expect(!html.contains("data-scenarios=\"failing\""))
    }

    @Test func theBannerLinksTheFirstFailingCellAndACrashMarksItsLine() {
        let html = Self.page(ReportFixture.crashAndTimeout())
        #expect(html.contains("<span class=\"verdict fail\">0 passed, 2 failed</span> "
                              + "<a class=\"first-failure\" href=\"#L15\">first failing cell: labs/greetings.md:15</a></p></header>"))
        let cell = Self.cell(html, 15)
        #expect(cell.contains("<span class=\"ln crash\" id=\"L16\""))
        // Each scenario's way of failing is its own tab: a crash and a timeout.
        #expect(cell.contains("data-scenarios=\"mock\" data-status=\"fail\""))
        #expect(cell.contains("data-scenarios=\"failing\" data-status=\"fail\""))
        let passing = Self.page(ReportFixture.allPass())
        #expect(!passing.contains("class=\"first-failure\""))
        #expect(!Self.cell(passing, 7).contains("class=\"ln crash\""))
    }

    /// The lab's title first, then its contents and exercises.
    @Test func theTitleComesBeforeTheExercises() throws {
        let file = FileReport(ReportFixture.mismatch(), appleAvailable: false)
        guard case .lab(let title, var parts, let document) = file.content else {
            Issue.record("the fixture is a lab")
            return
        }
        parts[0].exercises = [ExerciseReport(id: "greet", title: nil, points: 1, line: 7, hint: "", status: .done)]
        let html = NotebookPage(file: FileReport(path: file.path, content: .lab(title: title, parts: parts, document: document),
                                                 duration: nil, update: nil), indexLink: "../index.html").html()
        let heading = try #require(html.range(of: "<h1 id=\"greetings\">"))
        let exercises = try #require(html.range(of: "<section class=\"exercises\">"))
        #expect(heading.lowerBound < exercises.lowerBound)
        #expect(html.contains("<main>\n<h1 id=\"greetings\">"))
    }

    @Test(arguments: [
        (["a", "b", "c"], [["a", "x", "c"]], Set([1])),
        (["a", "b", "c"], [["a", "b", "c"]], Set<Int>()),
        (["a", "b", "c"], [["a", "b", "c"], ["a", "c"]], Set([1])),
        (["a", "b"], [[String]](), Set<Int>()),
        (["count 1"], [["count 0"]], Set([0])),
        ([String](), [["x"]], Set<Int>()),
    ])
    func differingLines(_ lines: [String], _ others: [[String]], _ expected: Set<Int>) {
        #expect(DifferingLines.unmatched(lines, against: others) == expected)
    }
}
