import Foundation
import Testing
@testable import LabRunner

/// The pages in a real browser (headless Chromium): after the page's own script ran, the DOM has
/// every cell and every scenario's output with the verdict the run found, a failing lab's diff
/// under its cell in its scenario, and the hostile lab's page ran nothing of the lab's.
/// Chromium is Debian's `chromium` (`.ci/run` installs it); without it these tests are skipped.
@Suite(.serialized, .enabled(if: Chromium.isAvailable, "headless Chromium (`chromium`) is not installed: see README"))
struct NotebookBrowserTests {
    /// `labrunner html Labs/lab01.md roles.md mismatch.md hostile.md quiet.md -o site
    /// --json report.json --ipynb`, rendered once, the DOM of every page and the screenshots, from
    /// one browser. The notebooks are for `JupyterValidationTests`, which uses this one run rather
    /// than an `html` of its own.
    struct Site: Sendable {
        let folder: String
        let report: [String: Any & Sendable]
        let dom: [String: String]
        let status: Int32
        /// `SiteScreenshots`, by name.
        let screenshots: [String: [UInt8]]

        func dom(of path: String) -> String { dom[folder + "/site/" + NotebookSite.pagePath(for: path)] ?? "" }
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// A failing lab, named from the project's folder as the run names it.
    static let mismatch = "Tests/LabRunnerTests/Fixtures/mismatch.md"
    /// Cells built apart from the program (`compile_fail`, `standalone`, `no_run`), each its own
    /// part with its own check.
    static let roles = "Tests/LabRunnerTests/Fixtures/roles.md"

    /// A lab of the course: lab 01 (exercises with stubs, scenarios that print differently,
    /// SwiftUI cells skipped here; the screenshots' page). Every lab of `Labs/` goes through the
    /// same `html --ipynb` and Jupyter's checks in `.ci/run`, after the tests; recording the
    /// screenshots runs the whole course, so the pictures show its sidebar. (Lab 09 was here for
    /// its `compile_fail` and `no_run` cells: four builds of a long program, where `roles.md`'s
    /// are four of a few lines.)
    static let course = recording ? ["Labs"] : ["Labs/lab01.md"]
    static let recording = ProcessInfo.processInfo.environment["LABRUNNER_RECORD_SCREENSHOT"] == "1"

    /// The labs the tests write (hostile, quiet), at a path that is the same in every `swift test`,
    /// relative to the project as the run names them, so the browser tests' cache serves them from
    /// the second run on (a temporary path is a new program each time).
    static let written = ".build/labrunner-browser-tests-labs"
    static let hostile = written + "/hostile.md"
    static let quiet = written + "/quiet.md"

    /// The `html` run alone: its folder (pages and notebooks), JSON report and exit status.
    /// `JupyterValidationTests` needs only this, so it goes on while the browser reads the pages.
    struct Run: Sendable {
        let folder: String
        let report: [String: Any & Sendable]
        let status: Int32
    }

    static let run = Task<Run, Error> {
        let folder = try LabRunnerCLI.temporaryDirectoryRemovedAtExit()
        try FileManager.default.createDirectory(atPath: root + "/" + written, withIntermediateDirectories: true)
        try HostileLab.text.write(toFile: root + "/" + hostile, atomically: true, encoding: .utf8)
        try Self.quietLab.write(toFile: root + "/" + quiet, atomically: true, encoding: .utf8)
        // Run from the project's folder, as a reader would: the course's pages are `Labs/…`. The
        // labs come from the tests' shared cache, which outlives the test run (one module cache
        // for Foundation, not one more), so only the first run compiles them.
        // The course's labs are keys: their pages are the instructor's (`--key`, issue 35).
        let result = try await LabRunnerCLI.run(["html", "--key"] + course + [roles, mismatch, hostile, quiet, "-o", folder + "/site",
                                           "--json", folder + "/report.json", "--ipynb"], in: root)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/report.json")))
        return Run(folder: folder, report: (json as? [String: Any & Sendable]) ?? [:], status: result.status)
    }

    static let site = Task<Site, Error> {
        let run = try await Self.run.value
        let folder = run.folder
        let pages = try FileManager.default.subpathsOfDirectory(atPath: folder + "/site").filter { $0.hasSuffix(".html") }
        // On a thread of its own (`ThreadWait`): page loads would hold one of Swift Testing's threads.
        let (dom, screenshots) = try await ThreadWait.run {
            try Chromium.withBrowser { browser in
                (try Chromium.dumpDOM(pages.map { folder + "/site/" + $0 }, in: browser), try SiteScreenshots.capture(site: folder + "/site", in: browser))
            } ?? ([:], [:])
        }
        return Site(folder: folder, report: run.report, dom: dom, status: run.status, screenshots: screenshots)
    }

    @Test func everyCellShowsEveryScenarioWithTheRunsVerdict() async throws {
        let site = try await Self.site.value
        #expect(site.status == 1, "mismatch.md and hostile.md fail")
        let parts = try #require(site.report["labs"] as? [[String: Any]])
        var checked = 0
        // A cell built apart (compile_fail, standalone, no_run) is its own part, which the lab's
        // program lists as not run: its page shows that part's verdict alone, a check's with no
        // scenario tabs.
        var apart: [String: Set<Int>] = [:]
        var checkedApart: [String: Set<Int>] = [:]
        for part in parts {
            guard let path = part["path"] as? String, let line = part["line"] as? Int else { continue }
            apart[path, default: []].insert(line)
            if part["check"] is [String: Any] { checkedApart[path, default: []].insert(line) }
        }
        #expect(apart[Self.roles] == [16, 29, 37] && checkedApart[Self.roles] == [16, 37],
                "roles.md's compile_fail, standalone and no_run cells are parts of their own")
        // Every lab of the run but the hostile one (its own test below): the course's and the fixtures'.
        for part in parts where part["path"] as? String != Self.hostile {
            let path = try #require(part["path"] as? String)
            let dom = site.dom(of: path)
            #expect(dom.contains("class=\"tabbed\""), "the page's script did not run on \(path)")
            for line in checkedApart[path] ?? [] where part["check"] is [String: Any] && part["line"] as? Int == line {
                let section = Self.section(dom, line: line)
                let passed = (part["check"] as? [String: Any])?["passed"] as? Bool == true
                #expect(section.contains("class=\"check \(passed ? "pass" : "fail")\""), "\(path):\(line) shows its check's verdict")
                #expect(!section.contains("data-scenario="), "\(path):\(line) is not run in scenarios and shows no tabs")
                checked += 1
            }
            for scenario in part["scenarios"] as? [[String: Any]] ?? [] {
                let name = try #require(scenario["name"] as? String)
                for cell in scenario["cells"] as? [[String: Any]] ?? [] {
                    let line = try #require(cell["line"] as? Int)
                    if apart[path]?.contains(line) == true && part["line"] as? Int != line { continue }
                    let status = try #require(cell["status"] as? String)
                    let section = Self.section(dom, line: line)
                    // The scenario's panel (alone, or shared with the scenarios that showed the same)…
                    if let shown = Self.panels(section).first(where: { $0.scenarios.contains(name) })?.status {
                        let expected = ["pass": "pass", "updated": "pass", "fail": "fail"][status] ?? "(fail|skipped)"
                        #expect(shown.containsPattern("^\(expected)$"), "\(path):\(line) in \(name) should be \(status), shows \(shown)")
                    } else {
                        // …or none: a skipped cell says why once; a cell that passed everywhere without printing shows its badge.
                        #expect(status == "skipped" && section.contains("class=\"note skipped\"")
                                || status == "pass" && Self.panels(section).isEmpty && dom.contains("<section class=\"cell pass\" id=\"L\(line)\""),
                                "\(path):\(line) in \(name) (\(status)) has no panel")
                    }
                    checked += 1
                }
            }
        }
        #expect(checked > 70, "only \(checked) cells checked")
    }

    @Test func aFailingLabShowsItsDiffUnderTheRightCellInTheRightScenario() async throws {
        let site = try await Self.site.value
        let dom = site.dom(of: Self.mismatch)
        let cell = Self.section(dom, line: 3)
        #expect(cell.contains("failed in mock, empty, failing"))
        // The three scenarios printed the same diff: one panel, no tabs, the diff once.
        #expect(Self.panels(cell).map(\.scenarios) == [["mock", "empty", "failing"]])
        #expect(!cell.contains("role=\"tab\""))
        #expect(cell.components(separatedBy: "<span class=\"del\">-line two</span><span class=\"ins\">+line 2</span>").count == 2)
        #expect(dom.contains("<a class=\"first-failure\" href=\"#L3\">"), "the banner links the first failing cell")
        let second = Self.section(dom, line: 12)
        #expect(second.contains("<span class=\"ins\">+unexpected</span>"))
        #expect(!Self.section(dom, line: 3).contains("+unexpected"))
    }

    /// A lab whose first cell prints the same in every scenario, whose second differs in one
    /// line between mock and the others, and whose third prints nothing.
    static let quietLab = """
    ---
    scenarios: mock, empty, failing
    ---
    # Quiet

    ```swift
    print("the same everywhere")
    ```
    ```output
    the same everywhere
    ```

    ```swift
    print("shared")
    print(Lab.scenario == "mock" ? "three visitors" : "no visitors")
    ```
    ```output mock
    shared
    three visitors
    ```
    ```output
    shared
    no visitors
    ```

    ```swift
    let quiet = 1
    ```

    """

    /// Issue 24's "less noise", after the page's script ran: a cell with identical outputs shows one
    /// panel, visible, no tabs; one whose outputs differ has a tab per different output, one shown,
    /// the differing line marked and the shared one not; a cell that printed nothing has no panel.
    @Test func aCellWithIdenticalOutputsShowsOnePanel() async throws {
        let site = try await Self.site.value
        let dom = site.dom(of: Self.quiet)
        #expect(dom.contains("class=\"tabbed\""), "the page's script did not run")
        let same = Self.section(dom, line: 6)
        #expect(Self.panels(same).map(\.scenarios) == [["mock", "empty", "failing"]])
        #expect(same.components(separatedBy: "class=\"panel ").count == 2)
        #expect(!same.contains("role=\"tab\"") && !same.contains("hidden"))
        #expect(same.contains("<pre class=\"out\">the same everywhere\n</pre>"))
        #expect(same.components(separatedBy: "the same everywhere").count == 3, "the code and one output")

        let differ = Self.section(dom, line: 13)
        #expect(Self.panels(differ).map(\.scenarios) == [["mock"], ["empty", "failing"]])
        #expect(differ.components(separatedBy: "role=\"tab\"").count == 3)
        #expect(differ.containsPattern(#"class="panel pass hidden""#), "the script shows one tab's panel at a time")
        #expect(differ.contains("<pre class=\"out\">shared\n<mark class=\"differs\">three visitors</mark>\n</pre>"))
        #expect(differ.contains("<pre class=\"out\">shared\n<mark class=\"differs\">no visitors</mark>\n</pre>"))

        let silent = Self.section(dom, line: 26)
        #expect(silent.contains("<span class=\"badge pass\">passed</span>"))
        #expect(Self.panels(silent).isEmpty && !silent.contains("(no output)"))
    }

    @Test func theHostileLabRunsNoScriptOfItsOwn() async throws {
        let site = try await Self.site.value
        let dom = site.dom(of: Self.hostile)
        #expect(dom.contains("class=\"tabbed\""), "the page's own script should run")
        // Every attempt sets document.title to `pwned-…`; the title is still the page's own.
        let title = dom.range(of: "<title>").flatMap { open in dom[open.upperBound...].range(of: "</title>").map { dom[open.upperBound..<$0.lowerBound] } }
        #expect(title.map(String.init) == Self.hostile)
        for sign in HostileLab.markupSigns { #expect(!dom.containsPattern(sign), "\(sign) in the DOM") }
        // What it printed is on the page, as text.
        #expect(dom.contains("&lt;b id=\"injected\"&gt;injected&lt;/b&gt;") || dom.contains("&lt;b id=&quot;injected&quot;&gt;"))
    }

    /// The pictures of the site docs/notebook.md shows, as the browser made them: PNGs of the
    /// window's size, not blank. `LABRUNNER_RECORD_SCREENSHOT=1` writes them into `docs/`.
    @Test func theBrowserCapturesTheSiteForTheDocs() async throws {
        try SiteScreenshots.check(try await Self.site.value.screenshots)
    }

    /// The `<section>` of the cell at `line`.
    static func section(_ dom: String, line: Int) -> Substring {
        guard let start = dom.range(of: "id=\"L\(line)\" data-line=") else { return "" }
        let rest = dom[start.lowerBound...]
        return rest[..<(rest.range(of: "</section>")?.upperBound ?? rest.endIndex)]
    }

    /// The output panels of a cell's section: each with the scenarios it stands for and its status.
    static func panels(_ section: Substring) -> [(scenarios: [String], status: String)] {
        let text = String(section)
        let pattern = try! NSRegularExpression(pattern: #"data-scenarios="([^"]*)" data-status="([a-z]+)""#)
        return pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
            let group = { (index: Int) in String(text[Range(match.range(at: index), in: text)!]) }
            return (group(1).split(separator: " ").map(String.init), group(2))
        }
    }
}
