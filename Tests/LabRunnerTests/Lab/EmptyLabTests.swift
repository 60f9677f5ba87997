import Testing
@testable import LabRunner

/// Files with nothing to compile are labs all the same: `run` reports "no Swift cells to compile"
/// and counts them neither passed nor failed, so a README beside the labs does not fail a folder.
struct EmptyLabTests {
    @Test(arguments: [
        [],
        [0xEF, 0xBB, 0xBF],
        Array("\n\n".utf8),
        Array("# Only prose\n\n```text\nhello\n```\n".utf8),
        Array("---\ntitle: Notes\n---\n".utf8),
        Array("```swift skip\nlet x =\n```\n".utf8),
    ] as [[UInt8]])
    func parseWithoutCompiledCells(bytes: [UInt8]) throws {
        let lab = try LabParser.parse(bytes: bytes, path: "lab.md")
        #expect(lab.compiledCells.isEmpty)
        #expect(lab.scenarios == ["mock", "empty", "failing"])
    }

    @Test func countNeitherPassedNorFailed() throws {
        let lab = try LabParser.parse(bytes: [], path: "lab.md")
        let outcome = DocumentPipeline(compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
            .run(lab)
        guard case .nothingToRun = outcome.status else {
            Issue.record("expected nothingToRun, got \(outcome.status)")
            return
        }
        let report = FileReport(FileOutcome(path: lab.path, content: .lab(lab, parts: [outcome])), appleAvailable: false)
        #expect(report.counts == Counts(passed: 0, failed: 0))
        #expect(report.wasChecked)
    }
}
