import Testing
@testable import LabRunner

/// Errors are values: a location kept apart from what is wrong, and one message style for all of
/// them (swiftc's: lowercase, no final period).
struct LabErrorTests {
    static let at = SourceLocation(path: "labs/a.md", line: 3, column: 5)

    static let kinds: [LabError.Kind] = [
        .notUTF8(byteOffset: 7), .nulByte(byteOffset: 7),
        .unclosedFence(fence: "```", info: "swift", runsTo: .endOfFile(line: 9)),
        .frontMatterUnclosed, .frontMatterSyntax(line: "oops"),
        .unknownKey(key: "timout", suggestion: "timeout"), .duplicateKey(key: "title", firstLine: 2),
        .badValue(key: "timeout", value: "x", expected: "a number of seconds"),
        .unknownAttribute(attribute: "skpi", suggestion: "skip"), .outputBeforeCell,
        .undeclaredScenario(scenario: "mok", declared: ["mock"]), .duplicateOutput(scenario: nil, firstLine: 2),
        .conflictingAttributes(attribute: "skip", other: "standalone"), .directiveNotOnCell,
        .diagnosticsWithoutCompileFail, .duplicateDiagnostics(firstLine: 2),
    ]

    @Test(arguments: kinds)
    func theDescriptionIsTheLocationThenTheMessage(kind: LabError.Kind) {
        let error = LabError(Self.at, kind)
        #expect(error.description == "labs/a.md:3:5: error: " + error.message)
        #expect(Self.isInSwiftcStyle(error.message), "\(error.message)")
    }

    @Test func fileErrorsAreAtTheirPath() {
        let errors: [FileError] = [.unreadable(path: "gone.md", reason: "no such file"), .noLabs(folder: "docs")]
        #expect(errors.map(\.description) == [
            "gone.md: error: cannot read lab: no such file",
            "docs: error: no labs found in this folder: no .md or .markdown file in it or below it (hidden folders and node_modules are skipped)",
        ])
        #expect(errors.allSatisfy { Self.isInSwiftcStyle($0.message) })
    }

    @Test func processErrorsAreInTheSameStyle() {
        let errors: [ProcessError] = [.notFound("tool"), .notFound("/bin/tool"), .notExecutable("/bin/tool"), .spawnFailed("/bin/tool", errno: 2)]
        #expect(errors.allSatisfy { Self.isInSwiftcStyle($0.description) }, "\(errors.map(\.description))")
    }

    /// Lowercase first letter (an acronym such as NUL or UTF-8 aside), no final period.
    static func isInSwiftcStyle(_ message: String) -> Bool {
        let firstWord = message.prefix { $0 != " " }
        let startsLower = message.first?.isLowercase == true || firstWord.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "-" }
        return startsLower && !message.hasSuffix(".")
    }
}
