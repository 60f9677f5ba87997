import Foundation
import Testing
@testable import LabRunner

/// `labrunner html` through the built binary: the same verdicts and exit status as `run`, a page
/// per file, the index, relative images copied, every lab string escaped.
struct HTMLCommandEndToEndTests {
    @Test func writesAPagePerFileAndTheIndexAndFailsLikeRun() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try HostileLab.text.write(toFile: folder + "/hostile.md", atomically: true, encoding: .utf8)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: URL(fileURLWithPath: folder + "/pic.png"))
        let passing = LabRunnerCLI.fixtures + "/passing.md"
        let result = try LabRunnerCLI.run(["html", "hostile.md", passing, "-o", "site", "--scenario", "mock"], in: folder)

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

    @Test func withoutAnOutputFolderItIsAUsageError() throws {
        let result = try LabRunnerCLI.run(["html", "passing.md"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("missing -o DIR"))
        let update = try LabRunnerCLI.run(["html", "passing.md", "-o", "x", "--update"])
        #expect(update.status == 2)
        #expect(update.stderr.contains("unknown option '--update'"))
    }
}
