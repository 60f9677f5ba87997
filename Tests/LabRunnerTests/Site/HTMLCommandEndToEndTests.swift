import Foundation
import Testing
@testable import LabRunner

/// `labrunner html` through the built binary: the same verdicts and exit status as `run`, a page
/// per file, the index, relative images copied, every lab string escaped.
struct HTMLCommandEndToEndTests {
    @Test func writesAPagePerFileAndTheIndexAndFailsLikeRun() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try HostileLab.text.write(toFile: folder + "/hostile.md", atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: folder + "/pic.png"))
        // A copy at `passing.md`: the program `run passing.md` and the `--ipynb` test build too.
        try FileManager.default.copyItem(atPath: LabRunnerCLI.fixtures + "/passing.md", toPath: folder + "/passing.md")
        let passing = "passing.md"
        let result = try await LabRunnerCLI.run(["html", "hostile.md", passing, "-o", "site", "--scenario", "mock"], in: folder)

        // The hostile lab prints text where it should print nothing: it fails, as `run` says.
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("FAIL  mock"))
        #expect(result.stdout.contains("wrote 2 pages and index.html to site"))
        let page = try String(contentsOfFile: folder + "/site/hostile.html", encoding: .utf8)
        #expect(!page.contains("<b id=\"injected\">"))
        #expect(page.contains("&lt;b id=&quot;injected&quot;&gt;injected&lt;/b&gt;"))
        #expect(page.components(separatedBy: "<script").count == 2)
        #expect(page.contains("hostile.md:8</a>"))
        #expect(FileManager.default.fileExists(atPath: folder + "/site/pic.png"))
        let passingPage = NotebookSite.pagePath(for: passing)
        #expect(FileManager.default.fileExists(atPath: folder + "/site/" + passingPage))
        let index = try String(contentsOfFile: folder + "/site/index.html", encoding: .utf8)
        #expect(index.contains("<a href=\"hostile.html\">hostile.md</a>"))
        #expect(index.contains("1 passed, 1 failed"))
    }

    /// `--ipynb`: a notebook beside each lab's page, replaced on the next run, and a notebook
    /// labrunner did not write refused before anything runs.
    @Test func ipynbWritesANotebookBesideEachLabsPageAndNeverOverAPersonsOwn() async throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.copyItem(atPath: LabRunnerCLI.fixtures + "/passing.md", toPath: folder + "/passing.md")
        let passing = "passing.md"
        let first = try await LabRunnerCLI.run(["html", passing, "--ipynb", "-o", "site", "--scenario", "mock"], in: folder)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let notebook = try #require(FileManager.default.contents(atPath: folder + "/site/passing.ipynb"))
        #expect(JupyterNotebook.isNotebook([UInt8](notebook)))
        #expect(FileManager.default.fileExists(atPath: folder + "/site/passing.html"))
        let again = try await LabRunnerCLI.run(["html", passing, "--ipynb", "-o", "site", "--scenario", "mock"], in: folder)
        #expect(again.status == 0, "its own notebook is replaced: \(again.stderr)")

        let mine = "{\n \"cells\": [],\n \"metadata\": {},\n \"nbformat\": 4,\n \"nbformat_minor\": 5\n}\n"
        try mine.write(toFile: folder + "/site/passing.ipynb", atomically: true, encoding: .utf8)
        let refused = try await LabRunnerCLI.run(["html", passing, "--ipynb", "-o", "site"], in: folder)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("site/passing.ipynb is not a page labrunner wrote, and the notebook of"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: folder + "/site/passing.ipynb", encoding: .utf8) == mine)
    }

    @Test func withoutAnOutputFolderItIsAUsageError() async throws {
        let result = try await LabRunnerCLI.run(["html", "passing.md"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing -o DIR"))
        let update = try await LabRunnerCLI.run(["html", "passing.md", "-o", "x", "--update"])
        #expect(update.status == 2)
        #expect(update.stderr.contains("unknown option '--update'"))
    }
}
