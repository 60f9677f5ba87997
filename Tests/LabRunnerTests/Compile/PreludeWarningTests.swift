import Testing
@testable import LabRunner

/// `exit()` or `abort()` in a cell made swiftc warn "will never be executed" about the next cell
/// marker, which the report showed as a warning "(in the labrunner prelude)".
@Suite struct PreludeWarningTests {
    @Test func deadCodeAfterExitInTheGeneratedProgramIsNotReported() throws {
        let lab = try LabParser.parse(bytes: Array("```swift\nexit(0)\n```\n```swift\nprint(1)\n```\n".utf8), path: "lab.md")
        let output = """
            /tmp/b/main.swift:80:1: warning: will never be executed
            Lab.cell(1)
            ^
            lab.md:2:1: note: a call to a never-returning function
            exit(0)
            ^
            lab.md:5:5: warning: variable 'x' was never used
            lab.md:5:1: note: here
            """
        let diagnostics = DiagnosticParser.parse(output, lab: lab, generatedFile: "/tmp/b/main.swift")
        #expect(diagnostics.map(\.message) == ["variable 'x' was never used", "here"])
        // The same warning in a cell is the lab's own, and kept.
        let inCell = DiagnosticParser.parse("lab.md:5:1: warning: will never be executed\nlab.md:2:1: note: a call to a never-returning function\n",
                                            lab: lab, generatedFile: "/tmp/b/main.swift")
        #expect(inCell.count == 2)
    }
}
