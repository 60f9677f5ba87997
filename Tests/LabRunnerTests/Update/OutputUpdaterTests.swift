import Testing
@testable import LabRunner

struct OutputUpdaterTests {
    /// Runs the updater on `text` as if each scenario printed `outputs[scenario][cell]`.
    private func update(_ text: String, _ outputs: [String: [Int: String]], problem: [String: ScenarioVerdict.Problem] = [:]) throws -> (String, UpdateSummary) {
        let bytes = Array(text.utf8)
        let lab = try LabParser.parse(bytes: bytes, path: "lab.md")
        let verdicts = lab.scenarios.compactMap { scenario in
            outputs[scenario].map {
                ScenarioVerdict(scenario: scenario, mismatches: [], problem: problem[scenario], lastCell: nil,
                                stderr: "", duration: 0, actualOutputs: $0)
            }
        }
        let (edits, summary) = OutputUpdater.plan(lab, verdicts: verdicts, appleAvailable: false)
        return (String(decoding: DocumentEdit.apply(edits, to: bytes), as: UTF8.self), summary)
    }

    private func all(_ cells: [Int: String]) -> [String: [Int: String]] {
        ["mock": cells, "empty": cells, "failing": cells]
    }

    @Test func rewritesOnlyTheContentOfAChangedBlock() throws {
        let text = "# T  \n\n```swift\nprint(\"new\")\n```\n```output\nold\n```\ntail without newline  "
        let (updated, summary) = try update(text, all([0: "new\n"]))
        #expect(updated == "# T  \n\n```swift\nprint(\"new\")\n```\n```output\nnew\n```\ntail without newline  ")
        #expect(summary.rewritten == 1)
        #expect(summary.inserted == 0)
        #expect(summary.updatedScenarios == ["mock", "empty", "failing"])
    }

    @Test func matchingBlocksAreLeftByteForByte() throws {
        let text = "```swift\nprint(1)\n```\n```output\n1   \n\n\n```\n"
        let (updated, summary) = try update(text, all([0: "1\n"]))
        #expect(updated == text)
        #expect(!summary.hasEdits)
    }

    @Test func keepsCRLFAndBlockQuotePrefixes() throws {
        let text = "> ```swift\r\n> print(1)\r\n> ```\r\n> ```output\r\n> 0\r\n> ```\r\n"
        let (updated, _) = try update(text, all([0: "1\n\n2\n"]))
        #expect(updated == "> ```swift\r\n> print(1)\r\n> ```\r\n> ```output\r\n> 1\r\n>\r\n> 2\r\n> ```\r\n")
    }

    @Test func wildcardLinesThatStillMatchSurvive() throws {
        let text = "```swift\nrun()\n```\n```output\nloaded [..] users\n...\nold\n```\n"
        let (updated, _) = try update(text, all([0: "loaded 5 users\nx\ny\nnew\n"]))
        #expect(updated == "```swift\nrun()\n```\n```output\nloaded [..] users\n...\nnew\n```\n")
    }

    @Test func insertsAMissingBlockRightAfterTheCell() throws {
        let text = "```swift\nprint(1)\n```\nText.\n"
        let (updated, summary) = try update(text, all([0: "1\n"]))
        #expect(updated == "```swift\nprint(1)\n```\n```output\n1\n```\nText.\n")
        #expect(summary.inserted == 1)
    }

    @Test func insertsAfterExistingBlocksAndAddsAMissingFinalNewline() throws {
        let text = "```swift\nprint(1)\n```\n```output mock\n1\n```"
        let (updated, _) = try update(text, ["mock": [0: "1\n"], "empty": [0: "2\n"], "failing": [0: "2\n"]])
        #expect(updated == "```swift\nprint(1)\n```\n```output mock\n1\n```\n```output empty failing\n2\n```\n")
    }

    @Test func scenariosThatDivergeFromTheirSharedBlockGetTheirOwn() throws {
        let text = "```swift\nprint(1)\n```\n```output\na\n```\n"
        let (updated, summary) = try update(text, ["mock": [0: "a\n"], "empty": [0: "b\n"], "failing": [0: "b\n"]])
        #expect(updated == "```swift\nprint(1)\n```\n```output empty failing\nb\n```\n```output mock\na\n```\n")
        #expect(summary.rewritten == 1)
        #expect(summary.inserted == 1)
        #expect(summary.updatedScenarios == ["empty", "failing"])
    }

    @Test func aNamedBlockSplitsWhenItsScenariosDiverge() throws {
        let text = "```swift\nprint(1)\n```\n~~~~ output empty failing\nx\n~~~~\n"
        let (updated, _) = try update(text, ["mock": [0: ""], "empty": [0: "x\n"], "failing": [0: "y\n"]])
        #expect(updated == "```swift\nprint(1)\n```\n~~~~output empty\nx\n~~~~\n```output failing\ny\n```\n")
    }

    @Test func aLongerFenceWhenTheOutputHoldsAFence() throws {
        let text = "```swift\nprint(1)\n```\n```output\nold\n```\n"
        let (updated, _) = try update(text, all([0: "```\ncode\n```\n"]))
        #expect(updated == "```swift\nprint(1)\n```\n````output\n```\ncode\n```\n````\n")
    }

    @Test func incompleteRunsAreNotWrittenBack() throws {
        let text = "```swift\nprint(1)\n```\n```output\nold\n```\n"
        let (updated, summary) = try update(text, all([0: "partial\n"]), problem: ["mock": .timedOut(seconds: 1), "empty": .exitStatus(1), "failing": .signal(4)])
        #expect(updated == text)
        #expect(!summary.hasEdits)
        #expect(summary.notes.count == 3)
    }

    /// A block inserted after an open fence would land inside it; the parser refuses such a lab
    /// first (UnclosedFenceTests), so `--update` never gets to write one.
    @Test func anUnclosedCellNeverReachesTheUpdater() {
        #expect(throws: LabError.self) { try update("```swift\nprint(1)\n", all([0: "1\n"])) }
    }

    // Found by FenceFuzzTests. The lab parser now refuses open output fences, but the writer
    // serves any block, so these are checked on the writer directly.
    private func rewrite(_ text: String, blockIndex: Int, with output: String) -> String {
        let source = MarkdownSource(bytes: Array(text.utf8))
        let block = MarkdownParser.fencedBlocks(in: source)[blockIndex]
        let edit = OutputBlockWriter(matching: block, in: source).contentEdit(of: block, in: source, text: output)
        return String(decoding: DocumentEdit.apply([edit], to: source.bytes), as: UTF8.self)
    }

    @Test func anUnclosedOutputFenceOnTheLastLineGetsItsContentOnTheNextLine() {
        #expect(rewrite("```swift\nprint(1)\n```\n```output", blockIndex: 1, with: "1\n") == "```swift\nprint(1)\n```\n```output\n1\n")
    }

    @Test func aLoneCRBeforeAnLFStaysTwoLineEndings() {
        let text = "> ```swift\r> print(1)\r> ```\r> ```output\r> 0\n\nAfter.\n"
        #expect(rewrite(text, blockIndex: 1, with: "1\n") == "> ```swift\r> print(1)\r> ```\r> ```output\r> 1\r\n\nAfter.\n")
    }

    @Test func listItemsGetTheirIndentation() throws {
        let text = "1. Step\n\n   ```swift\n   print(1)\n   ```\n"
        let (updated, _) = try update(text, all([0: "1\n"]))
        #expect(updated == "1. Step\n\n   ```swift\n   print(1)\n   ```\n   ```output\n   1\n   ```\n")
    }
}

struct DocumentEditTests {
    @Test func appliesEditsInOrderAndKeepsEverythingElse() {
        let bytes = Array("0123456789".utf8)
        let edits = [
            DocumentEdit(range: 8..<9, replacement: Array("X".utf8)),
            DocumentEdit(range: 2..<2, replacement: Array("ab".utf8)),
            DocumentEdit(range: 2..<2, replacement: Array("cd".utf8)),
            DocumentEdit(range: 4..<6, replacement: []),
        ]
        #expect(String(decoding: DocumentEdit.apply(edits, to: bytes), as: UTF8.self) == "01abcd2367X9")
    }

    @Test(arguments: [("plain\n", 3), ("```\n", 4), ("  ````x\n", 5), ("    ``````\n", 3), ("a ```\n", 3)])
    func fenceLengths(text: String, length: Int) {
        #expect(OutputBlockWriter.fenceLength(for: text, character: "`", minimum: 3) == length)
    }
}
