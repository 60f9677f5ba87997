import Foundation
import Testing
@testable import LabRunner

/// Jupyter's own tools on the notebooks `labrunner html --ipynb` writes (`.ci/check-notebooks.py`,
/// one Python): `nbformat` validates them and writes them back byte for byte (so they are written
/// as Jupyter writes them), and nbconvert's `HTMLExporter` renders them as `jupyter nbconvert --to
/// html` does. The notebooks are those of the browser tests' run (two labs of the course and the
/// fixtures, hostile.md among them); `.ci/run` checks every lab of `Labs/` the same way after the
/// tests. Skipped, saying so, where Python's `nbformat` or `nbconvert` is missing: `pip install
/// nbformat nbconvert` (`.ci/run` does it).
@Suite(.enabled(if: JupyterTools.isAvailable, "nbformat and nbconvert are not installed: pip install nbformat nbconvert"))
struct JupyterValidationTests {
    @Test func theGoldenNotebookIsValidAndJupyterWritesTheSameBytes() async throws {
        let result = try await JupyterTools.check([JupyterNotebookTests.golden])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func everyLabOfTheRunGivesANotebookThatValidatesAndConverts() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The notebooks of the browser tests' one `html … --ipynb` run, without waiting for the
        // browser to read its pages.
        let site = try await NotebookBrowserTests.run.value
        #expect(site.status == 1, "mismatch.md and hostile.md fail")
        // The course's labs pass (what `html` exiting 0 on them says).
        let parts = try #require(site.report["labs"] as? [[String: Any]])
        let course = parts.filter { ($0["path"] as? String)?.hasPrefix("Labs/") == true }
        #expect(!course.isEmpty)
        for part in course {
            let cells = (part["scenarios"] as? [[String: Any]] ?? []).flatMap { $0["cells"] as? [[String: Any]] ?? [] }
            #expect(!cells.contains { $0["status"] as? String == "fail" }, "\(part["path"] ?? "")")
            #expect((part["check"] as? [String: Any])?["passed"] as? Bool != false, "\(part["path"] ?? "")")
        }
        // A notebook for every lab of the run, failing and hostile ones included.
        let notebooks = try FileManager.default.subpathsOfDirectory(atPath: site.folder + "/site")
            .filter { $0.hasSuffix(".ipynb") }.sorted().map { site.folder + "/site/" + $0 }
        let labs = Set(parts.compactMap { $0["path"] as? String })
        for lab in labs {
            #expect(notebooks.contains { $0.hasSuffix("/" + lab.dropLast(".md".count) + ".ipynb") }, "no notebook for \(lab)")
        }

        let checked = try await JupyterTools.check(notebooks, html: folder + "/html")
        #expect(checked.status == 0, "\(checked.output)")
        #expect(checked.output.hasSuffix("\(notebooks.count) of \(notebooks.count) notebooks valid and converted\n"), "\(checked.output)")
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/html")) ?? []
        #expect(pages.filter { $0.hasSuffix(".html") }.count == notebooks.count, "\(pages)")
        // nbconvert as docs/notebook.md runs it passes a Markdown cell's HTML through: the hostile
        // lab's prose must reach it filtered (issue 39: its `<script>`, `onerror=` and
        // `javascript:` link came out as written).
        let hostile = try String(contentsOfFile: folder + "/html/hostile.html", encoding: .utf8)
        for sign in ["<script>document.title='pwned-script'", "onerror=\"document.title='pwned-prose'", "href=\"javascript:"] {
            #expect(!hostile.contains(sign), "nbconvert's page of hostile.ipynb holds \(sign)")
        }
        // The picture of a converted notebook docs/notebook.md shows, where Chromium is installed,
        // only when recording: its own browser would be the last thing the suite waits for.
        if NotebookBrowserTests.recording,
           let pictures = try Chromium.withBrowser({ try SiteScreenshots.capture([SiteScreenshots.export], site: folder + "/html", in: $0) }) {
            try SiteScreenshots.check(pictures, [SiteScreenshots.export])
        }
    }
}

/// Python 3 with Jupyter's `nbformat` and `nbconvert`, found on PATH.
enum JupyterTools {
    static let python3 = ExecutableSearch.find("python3", path: ProcessInfo.processInfo.environment["PATH"])

    /// Both packages are found (not imported: importing nbconvert costs Python about 0.5 s of CPU,
    /// and the tests import it anyway when they run).
    static let isAvailable: Bool = (try? python(["-c", "import importlib.util as u, sys; "
        + "sys.exit(0 if u.find_spec('nbformat') and u.find_spec('nbconvert') else 1)"]).status) == 0

    /// `.ci/check-notebooks.py`: the same check `.ci/run` makes on every lab of `Labs/`.
    static let script = NotebookBrowserTests.root + "/.ci/check-notebooks.py"

    /// The script on `notebooks`, writing the converted pages into `html` if given.
    /// Python is waited for on a thread of its own (`ThreadWait`).
    static func check(_ notebooks: [String], html: String? = nil) async throws -> (status: Int32, output: String) {
        let arguments = [script] + (html.map { ["--html", $0] } ?? []) + notebooks
        return try await ThreadWait.run { () throws -> (status: Int32, output: String) in try python(arguments) }
    }

    static func python(_ arguments: [String]) throws -> (status: Int32, output: String) {
        guard let python3 else { return (127, "python3 not found") }
        let result = try ChildProcess.run(ProcessRequest(executable: python3, arguments: arguments,
                                                         environment: ProcessInfo.processInfo.environment, workingDirectory: nil,
                                                         timeout: 300, outputLimit: 8 << 20))
        let output = String(decoding: result.stdout + result.stderr, as: UTF8.self)
        guard case .exited(let status) = result.termination else { return (-1, output) }
        return (status, output)
    }
}
