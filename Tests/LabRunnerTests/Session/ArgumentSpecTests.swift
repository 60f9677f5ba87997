import Testing
@testable import LabRunner

struct ArgumentSpecTests {
    private let spec = ArgumentSpec(flags: ["--update", "--verbose"], options: ["--scenario", "--output"],
                                    aliases: ["-v": "--verbose", "-o": "--output"])

    @Test func flagsOptionsAndPositionals() throws {
        let parsed = try spec.parse(["a.md", "--update", "--scenario", "mock", "--scenario=empty", "-o", "x", "-v", "--", "--b.md"])
        #expect(parsed.positionals == ["a.md", "--b.md"])
        #expect(parsed.has("--update"))
        #expect(parsed.has("--verbose"))
        #expect(parsed.values("--scenario") == ["mock", "empty"])
        #expect(parsed.value("--output") == "x")
    }

    @Test(arguments: [
        (["--updte"], UsageError.unknownOption("--updte", suggestion: "--update")),
        (["--scenario"], .missingValue(option: "--scenario")),
        (["--update=yes"], .unexpectedValue(option: "--update")),
        (["-x"], .unknownOption("-x", suggestion: "-o")),
        (["--frobnicate"], .unknownOption("--frobnicate", suggestion: nil)),
    ])
    func usageErrors(arguments: [String], error: UsageError) {
        #expect(throws: error) { try spec.parse(arguments) }
    }

    @Test func errorMessages() {
        #expect(UsageError.unknownOption("--updte", suggestion: "--update").description == "unknown option '--updte'; did you mean '--update'?")
        #expect(UsageError.missingArgument("lab path").description == "missing lab path")
    }

    /// A value read in a library format: absent is nil, the last one given counts, a bad one
    /// says what was expected.
    @Test func valuesInAFormat() throws {
        let spec = ArgumentSpec(flags: [], options: ["--jobs"], aliases: [:])
        #expect(try spec.parse([]).value("--jobs", as: .jobs) == nil)
        #expect(try spec.parse(["--jobs", "0", "--jobs=3"]).value("--jobs", as: .jobs) == 3)
        #expect(throws: UsageError.badValue(option: "--jobs", value: "0", expected: "a whole number of at least 1")) {
            try spec.parse(["--jobs", "0"]).value("--jobs", as: .jobs)
        }
    }
}
