import Testing
@testable import LabRunner

/// Values that used to slip through: `timeout: 1e6` said "greater than 0" while the cap is a
/// day, `timeout: 0x10` read as 16 s, `--timeout inf` meant no timeout at all, `swift-version: 99`
/// failed as a compile error (exit 1) instead of an input error, and a title or section name with
/// an escape sequence was printed raw by `list` and `run`.
@Suite struct SettingValueTests {
    private func parse(_ text: String) throws(LabError) -> LabSettings {
        try FrontMatter.parse(MarkdownSource(text: text), path: "lab.md").settings
    }

    @Test(arguments: ["1e6", "0x10", "inf", "nan", "-1", "0", "86401", "1e2", ".5", "5.", "1_000", "10 s", "Infinity", "0x1p4"])
    func timeoutsOutsideTheRangeOrSyntaxAreRefusedSayingTheRange(value: String) {
        #expect(LabSettings.timeoutSeconds(value) == nil)
        let error = #expect(throws: LabError.self) { try parse("---\ntimeout: \(value)\n---\n") }
        #expect(error?.description == "lab.md:2:10: error: bad value '\(value)' for 'timeout': expected a number of seconds greater than 0 and at most 86400 (a day), such as 10 or 2.5")
    }

    @Test(arguments: [("10", 10.0), ("2.5", 2.5), ("3s", 3.0), ("86400", 86_400.0), ("0.01", 0.01)])
    func timeoutsInTheRange(value: String, seconds: Double) throws {
        #expect(LabSettings.timeoutSeconds(value) == seconds)
        #expect(try parse("---\ntimeout: \(value)\n---\n").timeout == seconds)
    }

    @Test(arguments: ["99", "7", "6.0", "5.10", "six", ""])
    func unknownLanguageModesAreInputErrors(value: String) {
        let error = #expect(throws: LabError.self) { try parse("---\nswift-version: \(value)\n---\n") }
        #expect(error?.description.hasSuffix("for 'swift-version': expected a Swift language mode swiftc knows: 4, 4.2, 5, 6") == true)
    }

    @Test func everyKnownLanguageMode() throws {
        for mode in ["4", "4.2", "5", "6"] { #expect(try parse("---\nswift-version: \(mode)\n---\n").swiftVersion == mode) }
    }

    @Test func titlesAndSectionsLoseTheirControlCharacters() throws {
        let text = "---\ntitle: \"\u{1B}[2J\u{1B}]0;owned\u{7}Lab \u{9B}31mOne\u{8}\"\n---\n```swift\n// MARK: - Mo\u{1B}[5mdel\n```\n"
        let lab = try LabParser.parse(bytes: Array(text.utf8), path: "lab.md")
        #expect(lab.title == "[2J]0;ownedLab 31mOne")
        #expect(lab.sections == ["Mo[5mdel"])
        #expect(throws: LabError.self) { try parse("---\ntitle: \"\u{1B}\u{7}\"\n---\n") }
        #expect(try parse("---\ntitle: A\tB\n---\n").title == "A B")
    }

    @Test func excerptsShowControlCharactersAsPictures() {
        let source = MarkdownSource(text: "let s = \"\u{1B}[2J\u{0}\"\n")
        let excerpt = Excerpt(SourceLocation(path: "lab.md", line: 1, column: 9), in: source)
        #expect(excerpt?.text == "let s = \"␛[2J␀\"")
        #expect(excerpt?.padding == String(repeating: " ", count: 8))
    }

    @Test func reportsShowALabsControlCharactersAsPictures() {
        #expect(ControlPictures.forDisplay("a\r\nb\u{1B}[31m\rc\n") == "a\nb␛[31m␍c\n")
        #expect(ControlPictures.forDisplay("plain\n") == "plain\n")
    }
}
