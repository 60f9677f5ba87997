import Foundation
import Testing

/// `extract` on a guide: one sample's program, by line; the whole guide is refused with a hint.
@Suite struct ExtractGuideEndToEndTests {
    @Test func aSamplesProgramHasItsContextThenItsCode() async throws {
        let result = try await LabRunnerCLI.run(["extract", "--plain", "guide/guide.markdown:17"], in: LabRunnerCLI.fixtures)
        #expect(result.status == 0, "\(result.stderr)")
        // Its own `let` runs in a scope of its own, as when it shares a program with other samples.
        #expect(result.stdout == "import Foundation\nstruct Item: Sendable { let name: String }\ndo {\nlet items = [Item(name: \"a\")]\n}\n",
                "\(result.stdout)")
    }

    @Test func aWholeGuideIsRefusedWithTheFirstSamplesLine() async throws {
        let result = try await LabRunnerCLI.run(["extract", "guide/guide.markdown"], in: LabRunnerCLI.fixtures)
        #expect(result.status == 2)
        #expect(result.stderr.contains("guide/guide.markdown:1: error: this file is read as a guide"))
        #expect(result.stderr.contains("such as guide/guide.markdown:4"))
    }
}
