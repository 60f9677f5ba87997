import Testing
@testable import LabRunner

/// Exercises, hints, hidden checks and solution regions as the Lab stage reads them, and the
/// mistakes it refuses with `path:line:col`.
struct ExerciseParserTests {
    static func parse(_ text: String) throws(LabError) -> Lab {
        try LabParser.parse(bytes: Array(text.utf8), path: "lab.md")
    }

    static let solved = """
    ```swift
    func f() -> Int {
        #if SOLUTION
        #if os(Linux)
        return 1
        #endif
        return 2
        #else
        return 0
        #endif
    }
    ```

    """

    @Test func anExerciseOwnsItsCellsHintsAndHiddenChecks() throws {
        let lab = try Self.parse("""
        ```swift
        print("before")
        ```
        <!-- labrunner: exercise id=one points=3 title="First, with spaces" -->
        \(Self.solved)```hint
        Return 2.
        ```
        <!-- labrunner: hidden -->
        ```swift
        print(f())
        ```
        <!-- labrunner: end-exercise -->
        ```swift
        print("after")
        ```
        """)
        #expect(lab.exercises.count == 1)
        let exercise = try #require(lab.exercises.first)
        #expect(exercise.id == "one" && exercise.points == 3 && exercise.title == "First, with spaces")
        #expect(exercise.line == 4 && exercise.endLine == 24)
        #expect(exercise.cellIndices == [1, 2])
        #expect(exercise.hintText == "Return 2.")
        #expect(lab.cells[2].isHidden && !lab.cells[1].isHidden)
        // The nested #if/#endif is the solution's own; the region is the outer one.
        #expect(lab.cells[1].solutions == [SolutionRegion(ifLine: 7, branchLines: [12], endifLine: 14, stubBranch: 1)])
        #expect(lab.hasSolutions)
        #expect(lab.withSolutions.settings.swiftcFlags == ["-D", "SOLUTION"])
        #expect(lab.withSolutions.withSolutions.settings.swiftcFlags == ["-D", "SOLUTION"])
    }

    @Test func anExerciseRunsToTheNextOneAndPointsDefaultToOne() throws {
        let lab = try Self.parse("""
        <!-- labrunner: exercise id=a -->
        \(Self.solved)<!-- labrunner: exercise id=b -->
        \(Self.solved)
        """)
        #expect(lab.exercises.map(\.id) == ["a", "b"])
        #expect(lab.exercises.map(\.points) == [1, 1])
        #expect(lab.exercises.map(\.cellIndices) == [[0], [1]])
    }

    @Test func theStubVariantSwitchesOffOneExerciseKeepingLines() throws {
        let lab = try Self.parse("<!-- labrunner: exercise id=a -->\n" + Self.solved)
        let stub = lab.withStub(of: lab.exercises[0])
        #expect(stub.settings.swiftcFlags == ["-D", "SOLUTION"])
        let lines = stub.cells[0].block.code.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == lab.cells[0].block.code.split(separator: "\n", omittingEmptySubsequences: false).count)
        #expect(lines[1] == "    #if false")
    }

    /// A condition of 100,000 `&&`s in a submission is not read (and does not exhaust the stack):
    /// a damage at its line, as any condition the tool cannot decide.
    @Test func aHugeConditionIsRefusedNotWalked() throws {
        let condition = "SOLUTION" + String(repeating: " && (a)", count: 100_000)
        let text = "<!-- labrunner: exercise id=a -->\n```swift\n#if \(condition)\nlet x = 1\n#else\nlet x = 0\n#endif\n```\n"
        let (_, damage) = try LabParser.parseSubmission(bytes: Array(text.utf8), path: "s.md")
        #expect(damage.map(\.location.line) == [3])
        #expect(damage.first.map { $0.message.count < 400 } == true)
    }

    /// Issue 38: the stub's branch is the one selected, however the region is written.
    @Test func theStubVariantSelectsTheStubOfAnyRegion() throws {
        let lab = try Self.parse("<!-- labrunner: exercise id=a -->\n```swift\n#if DEBUG\nlet x = 2\n  #elseif SOLUTION\nlet x = 1\n#else\nlet x = 0\n#endif\n```\n")
        let code = lab.withStub(of: lab.exercises[0]).cells[0].block.code
        #expect(code == "#if false\nlet x = 2\n  #elseif false\nlet x = 1\n#else\nlet x = 0\n#endif\n")
    }

    struct Mistake: Sendable, CustomStringConvertible {
        let lab: String
        let error: String
        var description: String { error }
    }

    static let mistakes: [Mistake] = [
        Mistake(lab: "<!-- labrunner: exercise id=a -->\n" + solved + "<!-- labrunner: exercise id=a -->\n" + solved,
                error: "lab.md:14:26: error: exercise id 'a' is already used on line 1"),
        Mistake(lab: "<!-- labrunner: exercise id=a pionts=2 -->\n" + solved,
                error: "lab.md:1:31: error: unknown exercise key 'pionts'; did you mean 'points'? (keys: id, points, title, hidden)"),
        Mistake(lab: "<!-- labrunner: exercise id=a points=two -->\n" + solved,
                error: "lab.md:1:31: error: bad exercise directive: bad points 'two': a whole number from 0 to 1000"),
        Mistake(lab: "<!-- labrunner: exercise id=a hidden=-1 -->\n" + solved,
                error: "lab.md:1:31: error: bad exercise directive: bad hidden '-1': a whole number from 0 to 1000"),
        Mistake(lab: "<!-- labrunner: exercise title=\"x\" -->\n" + solved,
                error: "lab.md:1:17: error: bad exercise directive: an exercise needs an id (id=NAME)"),
        Mistake(lab: "<!-- labrunner: exercise id=a title=\"open -->\n" + solved,
                error: "lab.md:1:37: error: bad exercise directive: a quote is never closed"),
        Mistake(lab: "<!-- labrunner: exercise id=a -->\n```swift\n#if SOLUTION\nlet x = 1\n#endif\n```\n",
                error: "lab.md:3:1: error: solution region without a stub: no branch of this '#if' is compiled without SOLUTION; the stub a student starts from goes between '#else' and '#endif'"),
        Mistake(lab: "<!-- labrunner: exercise id=a -->\n```swift\n#if DEBUG\nlet x = 2\n#elseif SOLUTION\nlet x = 1\n#endif\n```\n",
                error: "lab.md:3:1: error: solution region without a stub: no branch of this '#if' is compiled without SOLUTION; the stub a student starts from goes between '#else' and '#endif'"),
        // Issue 38: what only the compiler can decide is refused, never copied into the handout.
        Mistake(lab: "<!-- labrunner: exercise id=a -->\n```swift\n#if SOLUTION\nlet x = 1\n  #elseif os(Linux) || SOLUTION\nlet x = 2\n#else\nlet x = 0\n#endif\n```\n",
                error: "lab.md:5:3: error: cannot tell whether this branch is compiled without SOLUTION: 'os(Linux)' is for the compiler to decide; in a solution region's conditions use only SOLUTION, '!', '&&', '||', parentheses, 'true' and 'false'"),
        Mistake(lab: "<!-- labrunner: exercise id=a -->\n```swift\n#if SOLUTION || canImport(Darwin)\nlet x = 1\n#else\nlet x = 0\n#endif\n```\n",
                error: "lab.md:3:1: error: cannot tell whether this branch is compiled without SOLUTION: 'canImport(Darwin)' is for the compiler to decide; in a solution region's conditions use only SOLUTION, '!', '&&', '||', parentheses, 'true' and 'false'"),
        Mistake(lab: "<!-- labrunner: exercise id=a -->\n```swift\n#if SOLUTION &&\nlet x = 0\n#else\nlet x = 1\n#endif\n```\n",
                error: "lab.md:3:1: error: cannot tell whether this branch is compiled without SOLUTION: 'SOLUTION &&' is for the compiler to decide; in a solution region's conditions use only SOLUTION, '!', '&&', '||', parentheses, 'true' and 'false'"),
        Mistake(lab: "<!-- labrunner: exercise id=a -->\n```swift\n  #if SOLUTION\nlet x = 1\n#else\n```\n",
                error: "lab.md:3:3: error: solution region never closed in this cell; add '#else', the stub, and '#endif'"),
        Mistake(lab: "<!-- labrunner: exercise id=a -->\n```swift\nlet x = 1\n```\n<!-- labrunner: exercise id=b -->\n" + solved,
                error: "lab.md:1: error: exercise 'a' has no '#if SOLUTION' … '#else' stub '#endif' region in its cells, so a student has nothing to change"),
        Mistake(lab: solved,
                error: "lab.md:3: error: '#if SOLUTION' region (in a program cell of an exercise, not hidden) outside an exercise: put it after an '<!-- labrunner: exercise id=… -->' line"),
        Mistake(lab: "<!-- labrunner: hidden -->\n```swift\nprint(1)\n```\n",
                error: "lab.md:2: error: hidden cell outside an exercise: put it after an '<!-- labrunner: exercise id=… -->' line"),
        Mistake(lab: "```hint\nno\n```\n",
                error: "lab.md:1: error: hint block outside an exercise: put it after an '<!-- labrunner: exercise id=… -->' line"),
    ]

    @Test(arguments: mistakes)
    func mistakesAreInputErrorsAtTheirPlace(_ mistake: Mistake) {
        #expect(throws: LabError.self) { try Self.parse(mistake.lab) }
        do {
            _ = try Self.parse(mistake.lab)
        } catch {
            #expect(error.description == mistake.error)
        }
    }

    @Test func aFenceShowingTheSyntaxIsNotADirective() throws {
        let lab = try Self.parse("````markdown\n<!-- labrunner: exercise id=a -->\n````\n")
        #expect(lab.exercises.isEmpty)
    }

    /// A submission whose `exercise` line was deleted: `run` refuses the file, grading lists the
    /// damage at its line and reads the rest.
    @Test func aSubmissionWithADeletedMarkerIsReadWithItsDamageListed() throws {
        let text = "```swift\nprint(1)\n```\n```hint\nlost\n```\n<!-- labrunner: exercise id=b -->\n```swift\nprint(2)\n```\n"
        #expect(throws: LabError.self) { try LabParser.parse(bytes: Array(text.utf8), path: "s.md") }
        let (lab, damage) = try LabParser.parseSubmission(bytes: Array(text.utf8), path: "s.md")
        #expect(lab.exercises.map(\.id) == ["b"])
        #expect(damage.map(\.location.line) == [4])
        #expect(damage.map(\.message) == ["hint block outside an exercise: put it after an '<!-- labrunner: exercise id=… -->' line"])
    }
}
