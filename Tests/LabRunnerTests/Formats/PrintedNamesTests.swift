import Testing
@testable import LabRunner

/// Names that came from a file name reach people with their control characters escaped (issue
/// 38, point 9): a terminal acted on an escape sequence in a student's file name, and a newline in
/// one forged a line of the grades such as `bob  1 of 1 points`.
struct PrintedNamesTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("bob\n  1 of 1 points", "bob\\x0a  1 of 1 points"),
        ("\u{1B}[2Jx", "\\x1b[2Jx"),
        ("a\tb\rc\u{7F}", "a\\x09b\\x0dc\\x7f"),
        ("c1\u{9B}31m", "c1\\u{9b}31m"),
        ("José", "José"),
    ])
    func controlCharactersAreEscaped(_ name: String, _ shown: String) {
        #expect(ControlPictures.escapedName(name) == shown)
    }

    private static let forged = "bob\n  1 of 1 points\u{1B}[2J"
    private static let shown = "bob\\x0a  1 of 1 points\\x1b[2J"

    @Test func aStudentsNameIsEscapedInTheGradesLineCSVFeedbackAndPage() {
        let report = GradeFilesTests.report([Self.forged])
        let entry = report.entries[0]
        let summary = report.summary(entry)
        #expect(summary.hasPrefix(Self.shown + "  0 of 2 points"))
        #expect(!summary.contains("\u{1B}"))
        #expect(report.csv.contains(Self.shown + ",double,"))
        #expect(!report.feedback(entry).contains("\u{1B}"))
        #expect(GradeFiles.feedbackName(for: entry.student) == Self.shown + ".feedback.txt")
        #expect(!FeedbackPage(report: report, entry: entry).html().contains("\u{1B}"))
    }

    @Test func aFilesPathIsEscapedInTheTerminalReport() {
        let file = FileReport(ReportFixture.unreadable(Self.forged + ".md"), appleAvailable: false)
        let lines = TerminalReport(style: .plain).render(file)
        #expect(lines == [Self.shown + ".md", Self.shown + ".md: error: cannot read lab: no such file"])
    }

    @Test func aLabsPathIsEscapedInTheTerminalReport() throws {
        let lab = try LabParser.parse(bytes: Array(ExerciseProgressTests.copy.utf8), path: Self.forged + ".md")
        let verdict = ReportFixture.verdict(lab, "mock", outputs: [0: "start\n", 1: "2\n", 2: "b\n", 3: "end\n"])
        let text = TerminalReport(style: .plain).render(FileReport(ReportFixture.ran(lab, [verdict]), appleAvailable: false))
        #expect(text.first == Self.shown + ".md")
        #expect(!text.joined(separator: "\n").contains(Self.forged))
    }
}
