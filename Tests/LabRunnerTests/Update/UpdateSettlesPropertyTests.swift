import Testing
@testable import LabRunner

/// Whatever `--update` writes, the next comparison passes on: for random labs (see
/// `LabDocumentGenerator`) and random printed output with control characters, lone `\r`, NUL,
/// escape sequences, no final newline, very long lines, lines that are fences, `[..]` and
/// `...`, every cell's block, read back from the rewritten file, matches what it printed, and a
/// second update has nothing to do. `print("x\ry")` used to pass `--update` and fail every
/// run after it: Markdown reads a lone `\r` as a line ending.
struct UpdateSettlesPropertyTests {
    private static let seeds = SeededGenerator.seeds(150, base: 0x5E77_1E00)

    static let lineParts = [
        "plain", "x\ry", "\r", "progress 10%\r20%", "\u{1B}[31mred\u{1B}[0m", "nul\u{0}byte", "bell\u{7}", "del\u{7F}",
        "form\u{C}feed", "vt\u{B}", "```", "~~~", "`````", "[..]", "a [..] b", "...", "", "  indented", "\ttab",
        "trailing  ", "> quoted", "---", "é ü 日本", "␍ picture", "\u{1}\u{2}\u{1F}",
    ]

    /// What a cell printed: random lines joined by "\n" (sometimes "\r\n"), maybe without a final newline.
    static func printed(_ random: inout SeededGenerator) -> String {
        var lines = (0..<random.int(0...5)).map { _ in
            (0..<random.int(1...3)).map { _ in random.pick(lineParts) }.joined()
        }
        if random.chance(0.05) { lines.append(String(repeating: "long \u{1B}", count: 1_500)) }
        let ending = random.chance(0.2) ? "\r\n" : "\n"
        var text = lines.joined(separator: ending)
        if !lines.isEmpty && random.chance(0.7) { text += ending }
        return text
    }

    private static func verdicts(_ lab: Lab, _ printed: [String: [Int: String]]) -> [ScenarioVerdict] {
        lab.scenarios.map { scenario in
            ScenarioVerdict(scenario: scenario, mismatches: [], problem: nil, lastCell: nil, stderr: "", duration: 0,
                            actualOutputs: printed[scenario] ?? [:])
        }
    }

    @Test func whateverUpdateWritesTheNextRunPasses() throws {
        for seed in Self.seeds {
            var generator = LabDocumentGenerator(seed: seed)
            let bytes = generator.document()
            let lab = try LabParser.parse(bytes: bytes, path: "lab.md")
            var random = SeededGenerator(seed: ~seed)
            var printed: [String: [Int: String]] = [:]
            for scenario in lab.scenarios {
                for cell in lab.compiledCells {
                    // Scenarios often print the same, so shared blocks stay shared.
                    let same = random.chance(0.5) ? printed[lab.scenarios[0]]?[cell.index] : nil
                    printed[scenario, default: [:]][cell.index] = same ?? Self.printed(&random)
                }
            }
            let (edits, _) = OutputUpdater.plan(lab, verdicts: Self.verdicts(lab, printed), appleAvailable: false)
            let updated = DocumentEdit.apply(edits, to: bytes)
            let reread: Lab
            do {
                reread = try LabParser.parse(bytes: updated, path: "lab.md")
            } catch {
                Issue.record("seed \(seed): the updated lab is not a lab: \(error)\n\(swiftLiteral(updated))")
                return
            }
            for cell in reread.compiledCells {
                for scenario in reread.scenarios {
                    let actual = printed[scenario]?[cell.index] ?? ""
                    let expected = cell.expectedOutput(for: scenario)?.block.code ?? ""
                    if !TranscriptComparison(expected: expected, actual: actual).isMatch {
                        Issue.record("seed \(seed) (LABRUNNER_SEED=\(seed)): cell \(cell.index), \(scenario): printed \(actual.debugDescription), block says \(expected.debugDescription)")
                        return
                    }
                }
            }
            let (again, _) = OutputUpdater.plan(reread, verdicts: Self.verdicts(reread, printed), appleAvailable: false)
            if !again.isEmpty { Issue.record("seed \(seed): a second update planned \(again.count) edits"); return }
        }
    }

    /// The escaped form as a reader sees it.
    @Test func controlCharactersAreWrittenAsTheirPictures() throws {
        let lab = try LabParser.parse(bytes: Array("```swift\nprint(1)\n```\n".utf8), path: "lab.md")
        let verdicts = Self.verdicts(lab, ["mock": [0: "x\ry\n\u{1B}[1mbold\u{0}\n"], "empty": [0: "x\ry\n\u{1B}[1mbold\u{0}\n"],
                                           "failing": [0: "x\ry\n\u{1B}[1mbold\u{0}\n"]])
        let (edits, _) = OutputUpdater.plan(lab, verdicts: verdicts, appleAvailable: false)
        let text = String(decoding: DocumentEdit.apply(edits, to: lab.source.bytes), as: UTF8.self)
        #expect(text == "```swift\nprint(1)\n```\n```output\nx␍y\n␛[1mbold␀\n```\n")
        #expect(TranscriptComparison(expected: "x␍y\n", actual: "x\ry\n").isMatch)
        #expect(!TranscriptComparison(expected: "x\ny\n", actual: "x\ry\n").isMatch)
    }
}
