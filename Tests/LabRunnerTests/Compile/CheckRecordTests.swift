import Testing
@testable import LabRunner

/// Compile checks read back from the cache must say what swiftc said, mapped to the lab again.
@Suite struct CheckRecordTests {
    private let lab = try! LabParser.parse(bytes: Array("```swift compile_fail\nlet a: Int = \"x\"\n```\n".utf8), path: "lab.md")

    @Test func roundTripsThroughItsEncoding() throws {
        let output = "lab.md:2:14: error: cannot convert value of type 'String' to specified type 'Int'\n"
        let build = BuildOutcome(executable: nil, succeeded: false, diagnostics: [], rawOutput: output, duration: 1)
        let record = CheckRecord(build, folder: "/tmp/labrunner-x")
        let decoded = try #require(CheckRecord(decoding: record.encoded))
        #expect(decoded == record)
        let outcome = decoded.outcome(for: lab.program(for: lab.cells[0]))
        #expect(!outcome.succeeded)
        #expect(outcome.errors.map(\.message) == ["cannot convert value of type 'String' to specified type 'Int'"])
        #expect(outcome.errors.first?.location == SourceLocation(path: "lab.md", line: 2, column: 14))
    }

    @Test func theBuildFolderIsReplacedSoPreludeErrorsStayInThePrelude() throws {
        let build = BuildOutcome(executable: nil, succeeded: false, diagnostics: [],
                                 rawOutput: "/tmp/labrunner-x/main.swift:3:1: error: boom\n", duration: 0)
        let record = CheckRecord(build, folder: "/tmp/labrunner-x")
        #expect(record.output == "<build>/main.swift:3:1: error: boom\n")
        let outcome = record.outcome(for: lab)
        #expect(outcome.errors.first?.inPrelude == true)
    }

    @Test(arguments: ["", "labrunner compile check 1\n", "labrunner compile check 2\nstatus: 0\n", "\u{7F}ELF binary"])
    func anythingElseIsNotARecord(text: String) {
        #expect(CheckRecord(decoding: Array(text.utf8)) == nil)
    }

    @Test func aSuccessWithoutOutputDecodes() throws {
        let record = try #require(CheckRecord(decoding: Array("labrunner compile check 1\nstatus: 0\n".utf8)))
        #expect(record.succeeded && record.output == "")
    }
}
