import Testing
@testable import LabRunner

/// What the progress line says as a run's files start and finish.
struct RunProgressTests {
    @Test func countsAndTheFirstFileStillRunning() {
        var progress = RunProgress()
        #expect(!progress.active)
        progress.apply(.begin(total: 3))
        #expect(progress.active)
        #expect(progress.line == "[0/3]")
        progress.apply(.started("a.md"))
        #expect(progress.line == "[0/3] a.md")
        progress.apply(.started("b.md"))
        progress.apply(.started("c.md"))
        #expect(progress.line == "[0/3] a.md +2")
        progress.apply(.finished("a.md"))
        #expect(progress.line == "[1/3] b.md +1")
        progress.apply(.finished("c.md"))
        #expect(progress.line == "[2/3] b.md")
        progress.apply(.end)
        #expect(!progress.active)
    }

    /// A second run starts from nothing.
    @Test func beginStartsOver() {
        var progress = RunProgress()
        progress.apply(.begin(total: 2))
        progress.apply(.started("a.md"))
        progress.apply(.end)
        progress.apply(.begin(total: 1))
        #expect(progress.line == "[0/1]")
    }

    @Test(arguments: [
        ("12345", 6, "12345"), ("123456", 6, "1234…"), ("", 1, ""), ("[10/12] labs/a.md +3", 10, "[10/12] …"),
    ])
    func fittedToOneLine(_ text: String, width: Int, _ fitted: String) {
        #expect(RunProgress.fitted(text, width: width) == fitted)
    }
}
