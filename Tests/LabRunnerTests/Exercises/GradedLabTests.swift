import Testing
@testable import LabRunner

/// The lab a submission is graded as: its code, the key's outputs, settings and hidden checks.
struct GradedLabTests {
    static let key = """
    ---
    scenarios: mock
    timeout: 3
    ---
    ```swift
    print("given")
    ```
    ```output
    given
    ```
    <!-- labrunner: exercise id=a -->
    ```swift
    #if SOLUTION
    print("a")
    #else
    print("?")
    #endif
    ```
    ```output
    a
    ```
    <!-- labrunner: hidden -->
    ```swift
    print("hidden a")
    ```
    ```output
    hidden a
    ```
    <!-- labrunner: exercise id=b -->
    ```swift
    #if SOLUTION
    print("b")
    #else
    print("?")
    #endif
    ```
    ```output
    b
    ```
    """

    /// Exercise b moved before a; every transcript edited; a longer timeout asked for.
    static let submission = """
    ---
    scenarios: mock
    timeout: 60
    ---
    ```swift
    print("given")
    ```
    ```output
    edited
    ```
    <!-- labrunner: exercise id=b -->
    ```swift
    print("my b")
    ```
    ```output
    my b
    ```
    <!-- labrunner: exercise id=a -->
    ```swift
    print("my a")
    ```
    ```output
    my a
    ```
    """

    @Test func theSubmissionsCodeRunsWithTheKeysOutputsInTheKeysOrder() throws {
        let key = try LabParser.parse(bytes: Array(Self.key.utf8), path: "key.md")
        let submission = try LabParser.parse(bytes: Array(Self.submission.utf8), path: "alice.md")
        let graded = GradedLab.assemble(key: key, submission: submission)
        #expect(graded.path == "alice.md")
        #expect(graded.settings.timeout == 3)
        #expect(!graded.settings.swiftcFlags.contains("SOLUTION"))
        #expect(graded.cells.map(\.block.code) == ["print(\"given\")\n", "print(\"my a\")\n", "print(\"hidden a\")\n", "print(\"my b\")\n"])
        #expect(graded.cells.map(\.index) == [0, 1, 2, 3])
        #expect(graded.cells.map { $0.outputs.first?.block.code } == ["given\n", "a\n", "hidden a\n", "b\n"])
        #expect(graded.exercises.map(\.id) == ["a", "b"])
        #expect(graded.exercises.map(\.cellIndices) == [[1, 2], [3]])
    }

    /// A submission shorter than the key: the key's hidden check must still have a place in the
    /// graded lab's source (the compiler's column shifts read it; this crashed before).
    @Test func everyCellHasItsTextInTheGradedSource() throws {
        let key = try LabParser.parse(bytes: Array(Self.key.utf8), path: "key.md")
        let short = "<!-- labrunner: exercise id=a -->\n```swift\nprint(\"a\")\n```\n```output\nedited\n```"
        let submission = try LabParser.parse(bytes: Array(short.utf8), path: "short.md")
        let graded = GradedLab.assemble(key: key, submission: submission)
        for cell in graded.cells {
            for content in cell.block.contentLines {
                let line = graded.source.lines[content.line - 1]
                #expect(line.start <= content.textStart && content.textStart <= line.contentEnd)
            }
            let first = try #require(cell.block.contentLines.first)
            let text = graded.source.text(of: graded.source.lines[first.line - 1])
            #expect(cell.block.code.hasPrefix(text.trimmingWhitespace()), "\(text)")
        }
        // The key's text, at the submission's own output block; the exercise at its own directive,
        // and line 0 for the one it lacks: the key's line (7 + 29 here) is not a line of the student's.
        #expect(graded.cells[0].outputs.map(\.block.code) == ["a\n"])
        #expect(graded.cells[0].outputs.map(\.line) == [5])
        #expect(graded.exercises.map(\.line) == [1, 0])
        #expect(graded.submission?.ownLineCount == 7)
        #expect(graded.submission?.missingExercises.keys.sorted() == ["b"])
    }

    /// A feedback names a failing hidden check; its code, expected output and the key's lines stay out.
    @Test func aFailingHiddenCheckIsNamedNotShown() throws {
        let key = try LabParser.parse(bytes: Array(Self.key.utf8), path: "key.md")
        let submission = try LabParser.parse(bytes: Array(Self.submission.utf8), path: "alice.md")
        let graded = GradedLab.assemble(key: key, submission: submission)
        let hidden = try #require(graded.cells.first { $0.isHidden })
        let verdict = ReportFixture.verdict(graded, "mock", outputs: [0: "given\n", 1: "a\n", hidden.index: "oops\n", 3: "b\n"])
        let report = ScenarioReport(verdict, lab: graded, updated: false, appleAvailable: false)
        let mismatches = try #require(report.run?.mismatches)
        #expect(mismatches.map(\.header) == ["hidden check 1 of exercise 'a' printed something else than it should in scenario mock"])
        #expect(mismatches.map(\.diff) == [[]])
        let crashed = ReportFixture.verdict(graded, "mock", outputs: [0: "given\n", 1: "a\n", hidden.index: "hid"],
                                            problem: .signal(4), lastCell: hidden.index,
                                            stderr: "main/alice.md:\(hidden.line + 1): Fatal error: boom\nalice.md:2: mine")
        let crash = try #require(ScenarioReport(crashed, lab: graded, updated: false, appleAvailable: false).run)
        #expect(crash.problem?.place == " in hidden check 1 of exercise 'a'")
        #expect(crash.stderr == "(a line of the instructor's hidden checks)\nalice.md:2: mine")
    }

    /// An exercise whose marker the submission lost: its hidden checks are left out, the others stay.
    @Test func anExerciseWithoutItsMarkerLosesItsHiddenChecksOnly() throws {
        let key = try LabParser.parse(bytes: Array(Self.key.utf8), path: "key.md")
        let lost = Self.submission.replacingOccurrences(of: "<!-- labrunner: exercise id=a -->\n", with: "")
        let submission = try LabParser.parse(bytes: Array(lost.utf8), path: "alice.md")
        let graded = GradedLab.assemble(key: key, submission: submission, damage: "alice.md:9: something")
        #expect(!graded.cells.contains { $0.isHidden })
        #expect(graded.submission?.missingExercises["a"]?.hasSuffix("(the file broke at alice.md:9: something)") == true)
        #expect(graded.exercises.map(\.line) == [0, 11])
    }

    /// With `--repeat`, an exercise whose check printed differently between runs is not done,
    /// whatever the first run printed: the grader and the student's `run` judge it the same way.
    @Test func aCheckThatDiffersBetweenRunsMakesItsExerciseFlaky() throws {
        let key = try LabParser.parse(bytes: Array(Self.key.utf8), path: "key.md")
        let submission = try LabParser.parse(bytes: Array(Self.submission.utf8), path: "alice.md")
        let graded = GradedLab.assemble(key: key, submission: submission)
        var verdict = ReportFixture.verdict(graded, "mock", outputs: [0: "given\n", 1: "a\n", 2: "hidden a\n", 3: "b\n"])
        #expect(ExerciseVerdict.judge(graded, verdicts: [verdict], appleAvailable: false) == [.done, .done])
        verdict.flakiness = Flakiness(runCount: 3, cells: [.init(cell: graded.cells[2], variants: [])], endings: [])
        #expect(ExerciseVerdict.judge(graded, verdicts: [verdict], appleAvailable: false)
                == [.flaky([FlakyCheck(cellIndex: 2, scenario: "mock")]), .done])
        #expect(graded.checkName(FlakyCheck(cellIndex: 2, scenario: "mock")) == "hidden check 1 of exercise 'a' in scenario mock")
    }

    @Test func anExerciseWhoseCellsAreGoneIsNotDone() throws {
        let key = try LabParser.parse(bytes: Array(Self.key.utf8), path: "key.md")
        let bare = try LabParser.parse(bytes: Array("```swift\nprint(\"given\")\n```\n".utf8), path: "bob.md")
        let graded = GradedLab.assemble(key: key, submission: bare)
        let verdict = ReportFixture.verdict(graded, "mock", outputs: [0: "given\n", 1: "hidden a\n"])
        #expect(ExerciseVerdict.judge(graded, verdicts: [verdict], appleAvailable: false).map(\.isDone) == [false, false])
    }
}
