import Foundation
import Testing
@testable import LabRunner

/// `TerminalDetection`: which environments allow colors and a status line, and that a pipe is
/// never a terminal whatever the environment says.
struct TerminalDetectionTests {
    @Test(arguments: [
        ([String: String](), true),
        (["TERM": "xterm-256color"], true),
        (["NO_COLOR": "1"], false),
        (["NO_COLOR": ""], true),
        (["CI": "true"], false),
        (["CI": "1"], false),
        (["CI": "false"], true),
        (["CI": "0"], true),
        (["CI": ""], true),
        (["TERM": "dumb"], false),
    ])
    func environmentDecides(environment: [String: String], allowed: Bool) {
        #expect(TerminalDetection.allowsDecoration(environment: environment) == allowed)
    }

    @Test func aPipeIsNotATerminal() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        #expect(!TerminalDetection.isInteractive(ends[1], environment: [:]))
        #expect(!Style.forStandardOutput(environment: ["NO_COLOR": "1"]).enabled)
    }
}
