import Foundation
import Testing
@testable import LabRunner

/// `ProgressLine`: exactly what reaches the terminal (erase, draw, cut to its width) and where
/// the lines printed meanwhile go, recorded in order.
struct ProgressLineTests {
    /// What a line wrote, in order: `T:` text for the terminal, `L:` lines printed above it.
    final class Recorder: Sendable {
        private let said = LockedValue<[String]>([])
        var writes: [String] { said.withLock { $0 } }
        func line(enabled: Bool, columns: Int = 80) -> ProgressLine {
            ProgressLine(enabled: enabled, columns: columns,
                         terminal: { text in self.said.withLock { $0.append("T:" + text) } },
                         lines: { lines in self.said.withLock { $0.append("L:" + lines.joined(separator: "|")) } })
        }
    }

    static let erase = "\r\u{1B}[2K"

    @Test func aRunIsDrawnRedrawnAroundPrintedLinesAndErasedAtTheEnd() {
        let recorder = Recorder()
        let line = recorder.line(enabled: true)
        line.show(.begin(total: 2))
        line.show(.started("a.md"))
        line.show(.started("b.md"))
        line.printAbove(["PASS a.md"])
        line.show(.finished("a.md"))
        line.show(.finished("b.md"))
        line.show(.end)
        line.printAbove(["2 passed, 0 failed"])
        let e = Self.erase
        #expect(recorder.writes == [
            "T:\(e)[0/2]", "T:\(e)[0/2] a.md", "T:\(e)[0/2] a.md +1",
            "T:\(e)", "L:PASS a.md", "T:\(e)[0/2] a.md +1",
            "T:\(e)[1/2] b.md", "T:\(e)[2/2]", "T:\(e)",
            "L:2 passed, 0 failed",
        ])
    }

    @Test func disabledItDrawsNothingAndPrintsLinesAsTheyCome() {
        let recorder = Recorder()
        let line = recorder.line(enabled: false)
        line.show(.begin(total: 1))
        line.show(.started("a.md"))
        line.status("building package")
        line.printAbove(["PASS a.md", "1 passed, 0 failed"])
        line.show(.end)
        #expect(recorder.writes == ["L:PASS a.md|1 passed, 0 failed"])
    }

    @Test func aStatusIsCutToTheTerminalWidthAndClearedByNil() {
        let recorder = Recorder()
        let line = recorder.line(enabled: true, columns: 12)
        line.status("building package Algorithms")
        line.status(nil)
        #expect(recorder.writes == ["T:\(Self.erase)building p…", "T:\(Self.erase)"])
    }
}
