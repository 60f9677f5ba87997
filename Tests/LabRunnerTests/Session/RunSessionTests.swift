import Foundation
import Testing
@testable import LabRunner

/// `run` in-process: what used to need the binary launched (input errors, outputs over labs,
/// files without Swift) through a `RunSession` and a recording output.
@Suite struct RunSessionTests {
    static let lab = "```swift\nprint(\"kept\")\n```\n```output\nkept\n```\n"

    /// `run --json x.md x.md` and `--junit x.md x.md` used to replace the lab; `--json DIR`
    /// failed after the run. Each is an error before anything is compiled, and the lab keeps its bytes.
    @Test(arguments: [
        (["x.md"], "json", "x.md", "--json F/x.md would overwrite the lab F/x.md; give another file"),
        (["x.md"], "junit", "x.md", "--junit F/x.md would overwrite the lab F/x.md; give another file"),
        (["x.md"], "json", "link.md", "--json F/link.md would overwrite the lab F/x.md (the same file as F/x.md); give another file"),
        (["x.md"], "json", "reports", "--json F/reports: the path is a folder; give the path of a file to write"),
    ])
    func aReportOverALabIsAnErrorBeforeAnythingRuns(paths: [String], format: String, report: String, message: String) throws {
        let folder = try SessionFolder(["x.md": Self.lab])
        defer { folder.remove() }
        #expect(symlink("x.md", folder.path + "/link.md") == 0)
        try FileManager.default.createDirectory(atPath: folder.path + "/reports", withIntermediateDirectories: false)
        let (session, output) = folder.session(paths) {
            if format == "json" { $0.jsonPath = folder.path + "/" + report } else { $0.junitPath = folder.path + "/" + report }
        }
        #expect(session.run() == .notChecked)
        #expect(output.stderr == "labrunner: error: \(message.replacingOccurrences(of: "F/", with: folder.path + "/"))\n")
        #expect(output.stdout.isEmpty, "nothing ran: \(output.stdout)")
        #expect(try folder.read("x.md") == Self.lab)
    }

    @Test func aFolderWithoutLabsIsAnInputError() throws {
        let folder = try SessionFolder([".hidden/lab.md": "```swift\nprint(1)\n```\n", "notes.txt": "notes"])
        defer { folder.remove() }
        let (session, output) = folder.session(["."])
        #expect(session.run() == .notChecked)
        #expect(output.stderr == "\(folder.path)/.: error: no labs found in this folder: no .md or .markdown file in it or below it "
                + "(hidden folders and node_modules are skipped)\n")
        #expect(output.stdout.isEmpty)
    }

    /// Nothing to compile is not a failure: a README among labs must not fail the folder. The
    /// progress line hears of each file, the JSON report is written.
    @Test func filesWithoutSwiftCellsPassAsNothingToCompile() throws {
        let folder = try SessionFolder(["empty.md": "", "prose.md": "# Notes\n\n```text\nhello\n```\n"])
        defer { folder.remove() }
        let (session, output) = folder.session(["empty.md", "prose.md"]) { $0.jsonPath = folder.path + "/report.json" }
        #expect(session.run() == .passed)
        let empty = folder.path + "/empty.md", prose = folder.path + "/prose.md"
        #expect(output.stdout == "\(empty)\n  no Swift cells to compile\n\n\(prose)\n  no Swift cells to compile\n\n0 passed, 0 failed, 0 skipped\n")
        #expect(output.stderr.isEmpty)
        #expect(output.progressEvents.first == .begin(total: 2))
        #expect(output.progressEvents.last == .end)
        #expect(Set(output.progressEvents.dropFirst().dropLast()) == [.started(empty), .finished(empty), .started(prose), .finished(prose)])
        #expect(try folder.read("report.json").contains("\"schemaVersion\""))
    }

    /// A parser error is the file's report (stdout), with the line and a caret; the run ends not checked.
    @Test func aParserErrorIsReportedWithItsLine() throws {
        let folder = try SessionFolder(["lab.md": "---\ntitle: T\n"])
        defer { folder.remove() }
        let (session, output) = folder.session(["lab.md"])
        #expect(session.run() == .notChecked)
        let lines = output.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(Array(lines.prefix(2)) == [folder.path + "/lab.md",
                                          folder.path + "/lab.md:1:1: error: front matter opened with '---' is never closed; add a line '---' after its last key"])
        #expect(output.stdout.hasSuffix("\n\n1 file could not be checked\n0 passed, 0 failed, 0 skipped\n"))
    }

    @Test func anUnknownScenarioIsAnErrorBeforeAnythingRuns() throws {
        let folder = try SessionFolder(["x.md": Self.lab])
        defer { folder.remove() }
        let (session, output) = folder.session(["x.md"]) { $0.scenarios = ["nope"] }
        #expect(session.run() == .notChecked)
        #expect(output.stderr.hasPrefix("labrunner: error: "))
        #expect(output.stderr.contains("nope"))
        #expect(output.progressEvents.isEmpty)
    }

    /// An error in a `.labrunner` that names a package is said once, at its line, before anything builds.
    @Test func aBrokenTreeConfigIsSaidOnceAtItsLine() throws {
        let folder = try SessionFolder([".labrunner": "title: Docs\n", "a.md": Self.lab, "b.md": Self.lab])
        defer { folder.remove() }
        let (session, output) = folder.session(["a.md", "b.md"])
        #expect(session.run() == .notChecked)
        let errors = output.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1, "\(output.stderr)")
        #expect(errors.first?.hasPrefix(folder.path + "/.labrunner:1:") == true, "\(output.stderr)")
        #expect(output.stdout.isEmpty)
    }
}
