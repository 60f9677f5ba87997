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
        // The key's text, at the submission's own output block; the exercise at its own directive.
        #expect(graded.cells[0].outputs.map(\.block.code) == ["a\n"])
        #expect(graded.cells[0].outputs.map(\.line) == [5])
        #expect(graded.exercises.map(\.line) == [1, 7 + 29])
    }

    @Test func anExerciseWhoseCellsAreGoneIsNotDone() throws {
        let key = try LabParser.parse(bytes: Array(Self.key.utf8), path: "key.md")
        let bare = try LabParser.parse(bytes: Array("```swift\nprint(\"given\")\n```\n".utf8), path: "bob.md")
        let graded = GradedLab.assemble(key: key, submission: bare)
        let verdict = ReportFixture.verdict(graded, "mock", outputs: [0: "given\n", 1: "hidden a\n"])
        #expect(ExerciseVerdict.judge(graded, verdicts: [verdict], appleAvailable: false).map(\.isDone) == [false, false])
    }
}
