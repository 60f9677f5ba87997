import Testing
@testable import LabRunner

/// A diff identical across scenarios is one: grouped by its lines and its header apart from the
/// scenario it names, and named with every scenario, in the terminal, `watch` and feedback alike.
struct SharedDiffTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let items: [(scenario: String, header: String, diff: [String])]
        /// Each group's scenarios and named header.
        let expected: [([String], String)]
        var testDescription: String { name }
    }

    static let diff = ["@@ -1,1 +1,1 @@", "-hello", "+hallo"]
    static func header(_ scenario: String, line: Int = 11) -> String {
        "lab.md:\(line): output differs in scenario \(scenario) (- expected, + actual)"
    }

    static let cases: [Case] = [
        Case(name: "the same diff in three scenarios", items: [("mock", header("mock"), diff), ("empty", header("empty"), diff),
                                                              ("failing", header("failing"), diff)],
             expected: [(["mock", "empty", "failing"], "lab.md:11: output differs in scenarios mock, empty, failing (- expected, + actual)")]),
        Case(name: "other lines: two diffs", items: [("mock", header("mock"), diff), ("empty", header("empty"), diff + ["+more"])],
             expected: [(["mock"], header("mock")), (["empty"], header("empty"))]),
        Case(name: "another output block: two diffs", items: [("mock", header("mock"), diff), ("empty", header("empty", line: 14), diff)],
             expected: [(["mock"], header("mock")), (["empty"], header("empty", line: 14))]),
        Case(name: "no block for either scenario",
             items: [("a", "lab.md:3: the cell printed output but has no output block for scenario a (+ actual)", ["+x"]),
                     ("b", "lab.md:3: the cell printed output but has no output block for scenario b (+ actual)", ["+x"])],
             expected: [(["a", "b"], "lab.md:3: the cell printed output but has no output block for scenarios a, b (+ actual)")]),
    ]

    @Test(arguments: cases) func grouping(_ test: Case) {
        let groups = SharedDiff.group(test.items)
        #expect(groups.map(\.scenarios) == test.expected.map(\.0))
        #expect(groups.map(\.namedHeader) == test.expected.map(\.1))
    }

    /// Only the scenario's own name is replaced, not one it starts (`mock-2`), nor a path.
    @Test func theHeaderNamesTheScenariosWhereItNamedOne() {
        #expect(SharedDiff.header("scenario mock.md:3: in scenario mock, not scenario mock-2", scenario: "mock", naming: ["mock", "empty"])
                == "scenario mock.md:3: in scenarios mock, empty, not scenario mock-2")
        #expect(SharedDiff.header("lab.md:3: differs", scenario: "mock", naming: ["mock", "empty"]) == "lab.md:3: differs")
        #expect(SharedDiff.header(Self.header("mock"), scenario: "mock", naming: ["mock"]) == Self.header("mock"))
    }

    /// `watch`: a cell that now fails alike in both scenarios is one change, its diff once.
    @Test func watchSaysASharedChangeOnce() {
        let new = FileReport(GoldenFixtures.sharedDiff(), appleAvailable: false)
        let lines = ChangeLines.render(ReportChange.between(FileReport(ReportFixture.allPass(), appleAvailable: false), new),
                                       file: new, seconds: nil, style: .plain)
        #expect(lines == [
            "labs/greetings.md  0 passed, 2 failed, 2 skipped",
            "  now fails   labs/greetings.md:7 in mock, failing",
            "        labs/greetings.md:11: output differs in scenarios mock, failing (- expected, + actual)",
            "        @@ -1,1 +1,1 @@",
            "        -hello",
            "        +hallo",
            "  now fails   labs/greetings.md:15 in failing",
            "        labs/greetings.md:21: output differs in scenario failing (- expected, + actual)",
            "        @@ -1,1 +1,1 @@",
            "        -error: [..]",
            "        +complete(3)",
        ])
    }

    /// A student's feedback shows the run as the terminal does: the shared diff once. The JSON
    /// report keeps one entry per scenario.
    @Test func feedbackSaysASharedDiffOnceAndJSONKeepsEachScenario() throws {
        let grades = GradeReport([GradeOutcome(student: "alice", file: GoldenFixtures.sharedDiff(), points: [])], appleAvailable: false)
        let feedback = grades.feedback(grades.entries[0])
        #expect(feedback.components(separatedBy: "+hallo").count == 2, "\(feedback)")
        #expect(feedback.contains("labs/greetings.md:11: output differs in scenarios mock, failing (- expected, + actual)\n"))
        let json = try JSONReport.json(ReportFixture.run([GoldenFixtures.sharedDiff()]))
        #expect(json.components(separatedBy: "+hallo").count > 2)
    }
}
