import Testing
@testable import LabRunner

/// A page built from the report model: each cell's results in place, every lab string escaped.
struct NotebookPageTests {
    static func page(_ outcome: FileOutcome) -> String {
        NotebookPage(file: FileReport(outcome, appleAvailable: false), indexLink: "../index.html").html()
    }

    /// The text of the element with `id`, up to the next element with an id of the same kind.
    static func section(_ html: String, id: String) -> Substring {
        guard let start = html.range(of: "id=\"\(id)\"") else { return "" }
        let rest = html[start.lowerBound...]
        let end = rest.dropFirst().range(of: "<section ")?.lowerBound ?? rest.endIndex
        return rest[..<end]
    }

    @Test func aFailedScenarioShowsItsDiffUnderItsCell() {
        let html = Self.page(ReportFixture.mismatch())
        let cell = Self.section(html, id: "L15")
        #expect(cell.contains("labs/greetings.md:15</a>"))
        #expect(cell.contains("data-scenarios=\"mock\" data-status=\"pass\""))
        #expect(cell.contains("data-scenarios=\"failing\" data-status=\"fail\""))
        #expect(cell.contains("<span class=\"del\">-error: [..]</span><span class=\"ins\">+complete(3)</span>"))
        #expect(cell.contains("output block at line 21"))
        // The first cell passed everywhere, printing the same: one panel with its output, no tabs, no diff.
        let first = Self.section(html, id: "L7")
        #expect(first.contains("<div class=\"outputs single\">\n<div class=\"panel pass\" id=\"L7-mock-0\" data-scenarios=\"mock failing\" "
                               + "data-status=\"pass\"><pre class=\"out\">hello\n</pre>\n</div>"))
        #expect(!first.contains("class=\"tab"))
        #expect(!first.contains("class=\"diff\""))
    }

    @Test func frontMatterAndOutputBlocksAreNotShownAsText() {
        let html = Self.page(ReportFixture.mismatch())
        #expect(!html.contains("scenarios: mock, failing"))
        #expect(html.contains("<title>Greetings &amp; &lt;friends&gt;</title>"))
        // Output blocks (lines 11, 18, 21) are the cells' expected outputs, not prose code.
        #expect(!html.contains("<pre><code class=\"language-output"))
        #expect(html.contains("<h1 id=\"greetings\">Greetings<a class=\"anchor\" href=\"#greetings\""))
    }

    @Test func skippedAndAppleCellsSayWhy() {
        let html = Self.page(ReportFixture.mismatch())
        #expect(Self.section(html, id: "L25").contains("skipped: marked skip"))
        #expect(Self.section(html, id: "L29").contains("skipped: needs SwiftUI, not available here (imports SwiftUI)"))
    }

    @Test func hostileOutputIsShownAsTextAndNeverAsMarkup() {
        let hostile = "</script><img src=x onerror=alert(1)><script>document.title='pwned'</script>\n"
        let html = Self.page(ReportFixture.mismatch(actual: hostile))
        #expect(!html.contains("<img src=x"))
        #expect(html.contains("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;"))
        // The tool's own script is the only one.
        #expect(html.components(separatedBy: "<script").count == 2)
    }

    @Test func aCompileErrorIsMarkedAtItsLineInItsCell() {
        let html = Self.page(ReportFixture.compileFailure())
        let cell = Self.section(html, id: "L15")
        #expect(cell.contains("<span class=\"ln error\" id=\"L16\""))
        #expect(cell.contains("<li class=\"error\">labs/greetings.md:16:7: error: cannot find 'second' in scope</li>"))
        #expect(cell.contains("does not compile"))
        // Not run in any scenario: said once, on top, with a link to the first cell that fails.
        #expect(!cell.contains("data-scenarios="))
        #expect(!cell.contains("did not compile"))
        #expect(html.components(separatedBy: "did not compile (2 errors").count == 2, "\(html)")
        #expect(html.contains("<a class=\"first-failure\" href=\"#L7\">first failing cell: labs/greetings.md:7</a>"))
        #expect(Self.section(html, id: "L7").contains("<span class=\"badge fail\">does not compile</span>"))
    }

    @Test func aCompileFailCellShowsItsVerdictErrorsAndDiagnosticsDiff() {
        let passes = Self.page(GoldenFixtures.checkPasses())
        let cell = Self.section(passes, id: "L8")
        #expect(cell.contains("<span class=\"badge pass\">passed</span>"))
        #expect(cell.contains("compile_fail: rejected by swiftc as expected"))
        // The diagnostics block (line 11) is what the check compares with: not repeated as prose.
        #expect(!passes.contains("<pre><code class=\"language-diagnostics\">"))
        let differs = Self.section(Self.page(GoldenFixtures.checkDiffers()), id: "L8")
        #expect(differs.contains("<span class=\"badge fail\">failed</span>"))
        #expect(differs.contains("<span class=\"ln error\" id=\"L9\""))
        #expect(differs.contains("<span class=\"ins\">+error: cannot convert value of type 'String' to specified type 'Double'</span>"))
    }

    /// lab09's `compile_fail` cell: the program ran without it, so every scenario listed it as not
    /// run; the page showed those tabs under a cell whose check passed.
    @Test func aCheckedCellShowsItsOwnVerdictAndNoScenarioTabs() {
        let lab = GoldenFixtures.checksLab()
        let program = LabOutcome(path: lab.path, lab: lab, status: .ran([ReportFixture.verdict(lab, "mock", outputs: [0: ""])]))
        guard case .lab(_, let checkParts) = GoldenFixtures.checkPasses().content else {
            Issue.record("the fixture is a lab")
            return
        }
        let html = Self.page(FileOutcome(path: lab.path, content: .lab(lab, parts: [program] + checkParts)))
        let check = Self.section(html, id: "L8")
        #expect(check.contains("<span class=\"badge pass\">passed</span>"))
        #expect(check.contains("compile_fail: rejected by swiftc as expected"))
        #expect(!check.contains("class=\"tabs\""))
        #expect(!check.contains("the program ended before this cell"))
        // The program's own cell passed, printing nothing: its badge says so, with no panel.
        #expect(Self.section(html, id: "L4").contains("<span class=\"badge pass\">passed</span>"))
        #expect(!Self.section(html, id: "L4").contains("data-scenarios="))
    }

    /// A `standalone` cell runs in a program of its own, and the lab's program, built without it,
    /// lists it as not run in every scenario: the page showed a "not run: the program ended
    /// before this cell" tab beside the cell's own passes.
    @Test func aStandaloneCellShowsOnlyItsOwnRuns() throws {
        let html = Self.page(try StandaloneFixture.outcome())
        let cell = Self.section(html, id: "L9")
        #expect(cell.contains("<span class=\"badge pass\">passed</span>"), "\(cell)")
        #expect(cell.components(separatedBy: "class=\"panel ").count == 2, "one panel: \(cell)")
        #expect(cell.contains("data-scenarios=\"mock empty failing\" data-status=\"pass\""), "\(cell)")
        #expect(!cell.contains("not run") && !cell.contains("the program ended before this cell"), "\(cell)")
    }

    @Test func aFileThatIsNotALabGetsAPageSayingWhy() {
        let html = Self.page(ReportFixture.invalid())
        #expect(html.contains("<pre class=\"problem\">"))
        #expect(html.contains("error: "))
        #expect(html.contains("<span class=\"verdict fail\">not a valid lab</span>"))
    }

    @Test func thePolicyAllowsOnlyThePagesOwnStyleAndScript() {
        let policy = NotebookStyle.contentSecurityPolicy
        #expect(policy.hasPrefix("default-src 'none'"))
        #expect(policy.contains("script-src '\(NotebookStyle.hash(NotebookStyle.script))'"))
        #expect(!policy.contains("unsafe"))
        #expect(NotebookStyle.base64(Array("abc".utf8)) == "YWJj")
        #expect(NotebookStyle.base64(Array("ab".utf8)) == "YWI=")
        // SHA-256 of "" in base64, as CSP hashes are written.
        #expect(NotebookStyle.hash("") == "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
    }

    @Test func theIndexListsEveryFileWithItsVerdict() {
        let run = RunReport(files: [FileReport(ReportFixture.allPass(path: "labs/a.md"), appleAvailable: false),
                                    FileReport(ReportFixture.mismatch(path: "labs/b.md"), appleAvailable: false)],
                            appleAvailable: false)
        let html = NotebookIndex.html(run, pagePath: { NotebookSite.pagePath(for: $0.path) })
        #expect(html.contains("<tr class=\"pass\"><td class=\"path\"><a href=\"labs/a.html\">labs/a.md</a>"))
        #expect(html.contains("<tr class=\"fail\"><td class=\"path\"><a href=\"labs/b.html\">labs/b.md</a>"))
        #expect(html.contains("3 passed, 1 failed"))
    }

    @Test func pagesStayInsideTheSiteFolder() {
        #expect(NotebookSite.pagePath(for: "Labs/lab01.md") == "Labs/lab01.html")
        #expect(NotebookSite.pagePath(for: "../x/./y.md") == "_up/x/y.html")
        #expect(NotebookSite.pagePath(for: "/abs/z.markdown") == "abs/z.html")
        #expect(NotebookSite.pagePath(for: "index.md") == "index_.html")
        #expect(NotebookSite.rootLink(from: "Labs/lab01.html") == "../")
        let html = "<img src=\"img/a%20b.png?x=1\" alt=\"\" /><img src=\"https://x/y.png\" /><img src=\"../up.png\" />"
            + "<img src=\"/abs.png\" /><img src=\"%2E%2E/%2E%2E/etc/passwd\" /><img src=\"a/%2e%2e/%2e%2e/x.png\" />"
        #expect(NotebookSite.relativeImages(in: html) == ["img/a b.png"])
    }
}

/// A student's copy shows each exercise done or not yet, with its hint, on the page as in the
/// terminal and the JSON report.
struct NotebookExerciseTests {
    @Test func aStudentsPageSaysWhichExercisesAreDoneWithTheirHints() throws {
        let file = FileReport(ReportFixture.mismatch(), appleAvailable: false)
        guard case .lab(let title, var parts, let document) = file.content else {
            Issue.record("the fixture is a lab")
            return
        }
        parts[0].exercises = [
            ExerciseReport(id: "greet", title: "Greet <everyone>", points: 2, line: 7, hint: "print each name", status: .done),
            ExerciseReport(id: "state", title: nil, points: 1, line: 15, hint: "show `loading` first", status: .notYet(stoppedAt: nil)),
        ]
        let page = NotebookPage(file: FileReport(path: file.path, content: .lab(title: title, parts: parts, document: document),
                                                 duration: nil, update: nil), indexLink: "../index.html").html()
        #expect(page.contains("<li class=\"exercise pass\" id=\"exercise-greet\">"))
        #expect(page.contains("<b>Greet &lt;everyone&gt; (greet)</b>, 2 points: <span class=\"verdict\">done</span></li>"))
        #expect(page.contains("<li class=\"exercise fail\" id=\"exercise-state\">"))
        // Collapsed until opened, its Markdown rendered: no literal backticks.
        #expect(page.contains("<details class=\"hint\"><summary>Hint</summary>\n<p>show <code>loading</code> first</p>"), "\(page)")
        #expect(!page.contains("print each name"), "a done exercise shows no hint")
        let plain = NotebookPage(file: file, indexLink: "../index.html").html()
        #expect(!plain.contains("class=\"exercises\""), "a lab without exercises has no exercise list")
    }
}

/// `PipelineFixture.parts` (its standalone cell at line 9) as the pipeline reports it: the lab's
/// program ran its first cell and listed the standalone one as not run; the standalone cell's
/// program printed what its block says, in every scenario. (Its checks' parts are left out.)
enum StandaloneFixture {
    static func outcome() throws -> FileOutcome {
        let lab = try LabParser.parse(bytes: Array(PipelineFixture.parts.utf8), path: "labs/parts.md")
        let cell = try #require(lab.cells.first { $0.role == .standalone })
        let alone = lab.program(for: cell)
        let program = LabOutcome(path: lab.path, lab: lab,
                                 status: .ran(lab.scenarios.map { ReportFixture.verdict(lab, $0, outputs: [0: "hello\n"]) }))
        var own = LabOutcome(path: lab.path, lab: alone,
                             status: .ran(lab.scenarios.map { ReportFixture.verdict(alone, $0, outputs: [cell.index: "alone\n"]) }))
        own.part = .standalone(line: cell.line)
        return FileOutcome(path: lab.path, content: .lab(lab, parts: [program, own]))
    }
}
