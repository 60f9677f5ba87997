import Foundation
import Testing

/// docs/design.md names the library's stages in the order `LayeringChecker.stages` enforces, in
/// its diagram and its table, so the prose cannot drift from the code.
struct StageDocumentationTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOfFile: LayeringTests.packageRoot + "/" + path, encoding: .utf8)
    }

    /// The design notes' diagram lists the stages top down: the last one first.
    @Test func theDesignDiagramListsEveryStageInOrder() throws {
        let design = try Self.text("docs/design.md")
        let start = try #require(design.range(of: "```text\n"))
        let end = try #require(design.range(of: "```", range: start.upperBound..<design.endIndex))
        let names = design[start.upperBound..<end.lowerBound].split(separator: "\n").compactMap { line in
            line.split(separator: " ").first.map(String.init)
        }.filter { $0 != "LabRunnerCLI" && !$0.hasPrefix("-") }
        #expect(names == LayeringChecker.stages.reversed())
    }

    /// Each stage has a row in the design notes' table, in order.
    @Test func theDesignTableHasARowPerStageInOrder() throws {
        let rows = try Self.text("docs/design.md").split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| ") else { return nil }
            return line.dropFirst(2).split(separator: " ").first.map(String.init)
        }
        #expect(rows.filter { LayeringChecker.stages.contains($0) } == LayeringChecker.stages)
        #expect(rows.filter { $0 != "stage" && $0 != "---" && $0 != "LabRunnerCLI" && !LayeringChecker.stages.contains($0) } == [])
    }
}
