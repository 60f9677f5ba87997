import Foundation
import Testing
@testable import LabRunner

/// What `grade -o DIR` writes: a CSV spreadsheets open without running a student's name as a
/// formula, and a feedback file per student whatever the other students are called.
struct GradeFilesTests {
    /// A report of students whose submissions could not be read: zero points each.
    static func report(_ students: [String]) -> GradeReport {
        GradeReport(students.map { student in
            GradeOutcome(student: student, file: ReportFixture.unreadable(student + ".md"), points: [ExerciseGrade(id: "double", earned: 0, outOf: 2)])
        }, appleAvailable: false)
    }

    @Test(arguments: [
        ("alice", "alice"),
        ("=HYPERLINK(\"http://x\",\"y\")", "\"'=HYPERLINK(\"\"http://x\"\",\"\"y\"\")\""),
        ("@SUM(A1:A2)", "'@SUM(A1:A2)"),
        ("+1", "'+1"),
        ("-1", "'-1"),
        ("\tx", "\"'\tx\""),
        ("\rx", "\"'\rx\""),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("x=1", "x=1"),
        ("a\r\nb", "\"a\r\nb\""),
        ("\r\nb", "\"'\r\nb\""),
        // A spreadsheet whose list separator is `;` (or tab) splits a cell there: each separator
        // quotes the cell, and a formula after one (spaces skipped) is guarded where it starts.
        (";=2*3;", "\";'=2*3;\""),
        ("a;b", "\"a;b\""),
        ("a\tb", "\"a\tb\""),
        (" =1", "' =1"),
        ("x; -1", "\"x;' -1\""),
        ("x,@A1", "\"x,'@A1\""),
        ("x;y=1", "\"x;y=1\""),
    ])
    func aCellASpreadsheetWouldReadAsAFormulaGetsALeadingQuote(name: String, cell: String) {
        #expect(CSVField.encode(name) == cell)
        // A student's name reaches the grades with its control characters escaped (`PrintedNamesTests`);
        // a note or a warning keeps them, and gets the same quoting.
        guard name == ControlPictures.escapedName(name) else { return }
        let csv = Self.report([name]).csv
        #expect(csv == "student,exercise,points,out of,note,warning\r\n\(cell),double,0,2,,\r\n")
    }

    /// Issue 35: the terminal said `explain ?/4` while grades.csv said 0 for a written exercise
    /// the instructor has not graded: the CSV says `?` too (a spreadsheet's SUM skips it).
    @Test func anUngradedWrittenExerciseIsAQuestionMarkInTheCSVAsOnTheTerminal() {
        let report = GradeReport([GradeOutcome(student: "alice", file: ReportFixture.unreadable("alice.md"),
                                               points: [ExerciseGrade(id: "double", earned: 2, outOf: 2),
                                                        ExerciseGrade(id: "explain", earned: 0, outOf: 4, manual: true)])],
                                 appleAvailable: false)
        #expect(report.summary(report.entries[0]).hasPrefix("alice  2 of 6 points  (double 2/2, explain ?/4)"))
        #expect(report.csv == "student,exercise,points,out of,note,warning\r\nalice,double,2,2,,\r\n"
                + "alice,explain,?,4,written: awaiting the instructor,\r\n")
    }

    /// Issue 35: the feedback page's run scrolled sideways; its lines wrap.
    @Test func theFeedbackPagesRunWrapsItsLines() {
        let report = Self.report(["alice"])
        let page = FeedbackPage(report: report, entry: report.entries[0]).html()
        #expect(page.contains("<pre class=\"feedback\">"))
        #expect(page.contains("pre.feedback{white-space:pre-wrap;overflow-wrap:anywhere}"))
    }

    @Test func aFeedbackFileNameStaysShortAndUnique() {
        #expect(GradeFiles.feedbackName(for: "alice") == "alice.feedback.txt")
        let long = String(repeating: "a", count: 250)
        let name = GradeFiles.feedbackName(for: long)
        #expect(name.utf8.count <= 120)
        #expect(name.hasPrefix(String(repeating: "a", count: 80) + "-"))
        #expect(name.hasSuffix(".feedback.txt"))
        #expect(GradeFiles.feedbackName(for: long + "b") != name)
        // Cut at a character, never inside one.
        let accented = GradeFiles.feedbackName(for: String(repeating: "é", count: 200))
        #expect(accented.hasPrefix(String(repeating: "é", count: 40) + "-"))
    }

    /// A 250-character name (a valid file name) stopped `grade` before any later student's feedback.
    @Test func eachStudentsFeedbackIsWrittenWhateverTheOthersAreCalled() throws {
        let folder = try LabRunnerCLI.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = String(repeating: "x", count: 250)
        // bob's feedback cannot be written (a folder holds its name): carol's still is.
        try FileManager.default.createDirectory(atPath: folder + "/bob.feedback.txt", withIntermediateDirectories: true)
        let failures = GradeFiles.write(Self.report(["alice", long, "bob", "carol"]), to: folder)
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix("cannot write \(folder)/bob.feedback.txt: ") == true)
        for student in ["alice", long, "carol"] {
            let text = try String(contentsOfFile: folder + "/" + GradeFiles.feedbackName(for: student), encoding: .utf8)
            #expect(text.hasPrefix(student + "  0 of 2 points"))
        }
        #expect(FileManager.default.fileExists(atPath: folder + "/grades.csv"))
        #expect(FileManager.default.fileExists(atPath: folder + "/grades.json"))
    }
}
