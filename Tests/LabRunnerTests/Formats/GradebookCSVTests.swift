import Testing
@testable import LabRunner

/// The gradebook written and read back without running anything: the instructor's cells kept,
/// and every way a file stops being one labrunner can keep whole said at its place.
struct GradebookCSVTests {
    static let layout = [Gradebook.LabLayout(name: "lab1", exercises: [
        .init(id: "sum", outOf: 2, manual: false, checks: ["mock cell 1", "mock hidden 1"]),
        .init(id: "essay", outOf: 4, manual: true, checks: []),
    ])]
    static let path = "g/gradebook.csv"

    static func gradebook(_ instructor: InstructorCells = InstructorCells(path: path)) -> String {
        let result = Gradebook.LabResult(earned: ["sum": 1], passed: ["sum": ["mock cell 1"]], notes: [])
        return GradebookCSV.text(Gradebook(labs: layout, students: ["ann", "=bob"], results: [["ann": result]], instructor: instructor))
    }

    @Test func aNewGradebookHasItsColumnsTotalsAndEmptyWrittenCells() {
        let lines = Self.gradebook().components(separatedBy: "\r\n")
        #expect(lines[0] == "student,late,lab1/sum,lab1/sum/mock cell 1,lab1/sum/mock hidden 1,lab1/essay (written),lab1 total,total,notes,checksum")
        #expect(lines[1].hasPrefix("(out of),,2,,,4,6,6,,"))
        #expect(lines[2].hasPrefix("ann,,1,pass,fail,,1,1,lab1: 4 points of written exercises to grade,"))
        #expect(lines[3].hasPrefix("'=bob,,0,,,,0,0,lab1: not submitted,"), "a name read as a formula is guarded")
        #expect(lines.count == 5 && lines[4].isEmpty)
    }

    /// Filling the instructor's cells keeps every checksum; the points are read back and counted.
    @Test func filledWrittenPointsAreReadBackAndCounted() throws {
        let filled = Self.gradebook().replacingOccurrences(of: "ann,,1,pass,fail,,", with: "ann,\"2 days, excused\",1,pass,fail,3.5,")
            .replacingOccurrences(of: "'=bob,,0,,,,", with: "'=bob,,0,,,0,")
        let cells = try GradebookCSV.read(filled, path: Self.path)
        #expect(cells.text(student: "ann", column: "late") == "2 days, excused")
        #expect(cells.text(student: "ann", column: "lab1/essay (written)") == "3.5")
        #expect(cells.text(student: "'=bob", column: "lab1/essay (written)") == "0")
        #expect(cells.check(columns: Gradebook.columns(Self.layout), students: ["ann", "'=bob"]) == nil)
        let again = Self.gradebook(cells).components(separatedBy: "\r\n")
        #expect(again[2].hasPrefix("ann,\"2 days, excused\",1,pass,fail,3.5,4.5,4.5,,"), "\(again[2])")
        #expect(again[3].hasPrefix("'=bob,,0,,,0,0,0,lab1: not submitted,"), "\(again[3])")
    }

    static let refused: [(edit: @Sendable (String) -> String, place: String, says: String)] = [
        ({ $0.replacingOccurrences(of: "ann,,1,pass", with: "ann,,2,pass") }, ":3:1:", "edited in cells labrunner computes"),
        ({ $0.replacingOccurrences(of: "ann,,1,pass,fail,,", with: "ann,,1,pass,fail,five,") }, ":3:18:", "'five' in 'lab1/essay (written)'"),
        ({ $0.replacingOccurrences(of: "ann,,1,pass,fail,,", with: "ann,,1,pass,fail,5,") }, ":3:18:", "'5' in 'lab1/essay (written)' for 'ann' is more than the exercise's 4 points"),
        ({ $0.replacingOccurrences(of: "ann,,1,pass,fail,,", with: "ann,,1,pass,fail,\"3") }, ":3:18:", "not CSV"),
        ({ $0.replacingOccurrences(of: "ann,,1,pass,fail,,", with: "ann,,1,pass,fail,,,") }, ":3:", "this row has 11 cells"),
        ({ "name" + $0.dropFirst(7) }, ":1:1:", "not a gradebook labrunner wrote"),
        ({ $0.replacingOccurrences(of: "(out of)", with: "out of") }, ":2:1:", "the '(out of)' row"),
        ({ $0 + $0.components(separatedBy: "\r\n")[2] + "\r\n" }, ":5:1:", "a second row for 'ann'"),
        ({ $0.replacingOccurrences(of: "lab1/sum/mock cell 1", with: "lab1/sum/mock cell 2") }, ":2:1:", "edited in cells labrunner computes"),
    ]

    @Test(arguments: refused.indices) func aBrokenGradebookIsSaidAtItsPlace(_ index: Int) {
        let (edit, place, says) = Self.refused[index]
        do {
            _ = try GradebookCSV.read(edit(Self.gradebook()), path: Self.path)
            Issue.record("read a gradebook that should be refused: \(says)")
        } catch {
            #expect(error.description.hasPrefix(Self.path + place), "\(error)")
            #expect(error.description.contains(": error: " ) && error.description.contains(says), "\(error)")
            #expect(error.description.contains("nothing was graded or written"))
        }
    }

    /// A student named `;=2*3;` (a file `;=2*3;.md`): a spreadsheet splitting at `;` would read
    /// `=2*3` as a formula. The cell is quoted and guarded, and its row still read back as theirs.
    @Test func aNameWithASeparatorIsQuotedAndGuardedAndReadBack() throws {
        let result = Gradebook.LabResult(earned: ["sum": 1], passed: [:], notes: [])
        let text = GradebookCSV.text(Gradebook(labs: Self.layout, students: [";=2*3;"], results: [[";=2*3;": result]],
                                               instructor: InstructorCells(path: Self.path)))
        let lines = text.components(separatedBy: "\r\n")
        #expect(lines[2].hasPrefix("\";'=2*3;\",,1,"), "\(lines[2])")
        let filled = text.replacingOccurrences(of: "\";'=2*3;\",,1,fail,fail,,", with: "\";'=2*3;\",,1,fail,fail,2,")
        let cells = try GradebookCSV.read(filled, path: Self.path)
        #expect(cells.check(columns: Gradebook.columns(Self.layout), students: [CSVField.neutral(";=2*3;")]) == nil)
        let again = GradebookCSV.text(Gradebook(labs: Self.layout, students: [";=2*3;"], results: [[";=2*3;": result]], instructor: cells))
        #expect(again.contains("\";'=2*3;\",,1,fail,fail,2,3,3,,"), "\(again)")
    }

    /// A filled cell the new gradebook would have no place for stops the run, at that cell.
    @Test func anInstructorCellWithoutAPlaceIsNeverDropped() throws {
        let filled = Self.gradebook().replacingOccurrences(of: "ann,,1,pass,fail,,", with: "ann,,1,pass,fail,3,")
        let cells = try GradebookCSV.read(filled, path: Self.path)
        let withoutAnn = cells.check(columns: Gradebook.columns(Self.layout), students: ["'=bob"])
        #expect(withoutAnn?.description.hasPrefix(Self.path + ":3:18: error: 'ann' has '3' in 'lab1/essay (written)', but is not among") == true,
                "\(String(describing: withoutAnn))")
        let otherLab = [Gradebook.LabLayout(name: "lab2", exercises: [])]
        #expect(cells.check(columns: Gradebook.columns(otherLab), students: ["ann"])?.description
                    .hasPrefix(Self.path + ":1:88: error: this gradebook holds lab 'lab1', which this run does not grade") == true)
        let essayRenamed = [Gradebook.LabLayout(name: "lab1", exercises: [.init(id: "prose", outOf: 4, manual: true, checks: [])])]
        #expect(cells.check(columns: Gradebook.columns(essayRenamed), students: ["ann"])?.description.contains("a column this run does not write") == true)
        let fewerPoints = [Gradebook.LabLayout(name: "lab1", exercises: [.init(id: "essay", outOf: 2, manual: true, checks: [])])]
        #expect(cells.check(columns: Gradebook.columns(fewerPoints), students: ["ann"])?.description.contains("more than its 2 now") == true)
    }
}
