import Foundation
import Testing
@testable import LabRunner

/// Jupyter's own tools on the notebooks `labrunner html --ipynb` writes: `nbformat` validates
/// them and writes them back byte for byte (so they are written as Jupyter writes them), and
/// `nbconvert --to html` renders them. Skipped, saying so, where Python's `nbformat` or
/// `nbconvert` is missing: `pip install nbformat nbconvert` (`.ci/run` does it).
@Suite(.enabled(if: JupyterTools.isAvailable, "nbformat and nbconvert are not installed: pip install nbformat nbconvert"))
struct JupyterValidationTests {
    @Test func theGoldenNotebookIsValidAndJupyterWritesTheSameBytes() throws {
        let result = try JupyterTools.python(["-c", JupyterTools.validate, JupyterNotebookTests.golden])
        #expect(result.status == 0, "\(result.output)")
    }

    @Test func everyLabInLabsGivesANotebookThatValidatesAndConverts() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The course's notebooks from the browser tests' one `html Labs … --ipynb` run (its own
        // labs are left out here: only the course's are checked, as before), without waiting
        // for the browser to read its pages.
        let site = try NotebookBrowserTests.run.get()
        #expect(site.status == 1, "mismatch.md and hostile.md fail")
        // The course's labs pass (what `html Labs` exiting 0 said when this test ran its own).
        let parts = try #require(site.report["labs"] as? [[String: Any]])
        let course = parts.filter { ($0["path"] as? String)?.hasPrefix("Labs/") == true }
        #expect(!course.isEmpty)
        for part in course {
            let cells = (part["scenarios"] as? [[String: Any]] ?? []).flatMap { $0["cells"] as? [[String: Any]] ?? [] }
            #expect(!cells.contains { $0["status"] as? String == "fail" }, "\(part["path"] ?? "")")
            #expect((part["check"] as? [String: Any])?["passed"] as? Bool != false, "\(part["path"] ?? "")")
        }
        let labs = try FileManager.default.contentsOfDirectory(atPath: NotebookBrowserTests.root + "/Labs").filter { $0.hasPrefix("lab") && $0.hasSuffix(".md") }
        let notebooks = try FileManager.default.subpathsOfDirectory(atPath: site.folder + "/site")
            .filter { $0.hasSuffix(".ipynb") && $0.hasPrefix("Labs/") }.map { site.folder + "/site/" + $0 }
        for lab in labs {
            #expect(notebooks.contains { $0.hasSuffix("/Labs/" + lab.dropLast(".md".count) + ".ipynb") }, "no notebook for \(lab)")
        }

        // Validation and conversion are independent: two Pythons at once.
        let commands = [["-c", JupyterTools.validate] + notebooks,
                        ["-m", "nbconvert", "--to", "html", "--output-dir", folder + "/html"] + notebooks]
        let results = Parallel.map(commands.count, width: commands.count) { index in Result { try JupyterTools.python(commands[index]) } }
        let validated = try results[0].get()
        #expect(validated.status == 0, "\(validated.output)")
        let conversion = try results[1].get()
        #expect(conversion.status == 0, "\(conversion.output)")
        let pages = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/html")) ?? []
        #expect(pages.filter { $0.hasSuffix(".html") }.count == notebooks.count, "\(pages)")
        // The picture of a converted notebook docs/notebook.md shows, where Chromium is installed,
        // only when recording: its own browser would be the last thing the suite waits for.
        if ProcessInfo.processInfo.environment["LABRUNNER_RECORD_SCREENSHOT"] == "1",
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

    /// Validates each notebook named in `sys.argv` and checks nbformat writes it back unchanged.
    static let validate = """
    import nbformat, sys
    for path in sys.argv[1:]:
        notebook = nbformat.read(path, as_version=4)
        nbformat.validate(notebook)
        text = nbformat.writes(notebook)
        text = text if text.endswith("\\n") else text + "\\n"
        with open(path, encoding="utf-8") as file:
            if file.read() != text:
                sys.exit(path + ": nbformat writes this notebook differently")
    """

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
