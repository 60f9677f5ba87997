import Testing
@testable import LabRunner

struct FlakinessTests {
    private let lab = try! LabParser.parse(bytes: Array("""
    ```swift
    print("stable")
    ```
    ```output
    stable
    ```
    ```swift
    print(Date())
    ```
    ```output
    at [..]
    ```
    """.utf8), path: "lab.md")

    private func run(_ outputs: [Int: String], ending: ProcessTermination = .exited(0)) -> ScenarioRun {
        var transcript = Transcript()
        for (cell, text) in outputs { transcript.outputs[cell] = Array(text.utf8) }
        transcript.reachedEnd = true
        let result = ProcessResult(stdout: [], stderr: [], termination: ending, duration: 0)
        return ScenarioRun(scenario: "mock", result: result, transcript: transcript)
    }

    @Test func identicalRunsAreNotFlaky() {
        let runs = Array(repeating: run([0: "stable\n", 1: "at 1\n"]), count: 3)
        #expect(Flakiness.compare(runs, lab: lab) == nil)
        #expect(Flakiness.compare([run([0: "x\n"])], lab: lab) == nil)
    }

    @Test func whatAWildcardAbsorbsIsNotFlakiness() {
        let runs = [run([0: "stable\n", 1: "at 1\n"]), run([0: "stable\n", 1: "at 2\n"])]
        #expect(Flakiness.compare(runs, lab: lab) == nil)
    }

    @Test func differingOutputsAreGroupedByRun() throws {
        let runs = [run([0: "stable\n"]), run([0: "wobbly\n"]), run([0: "stable\n"])]
        let flakiness = try #require(Flakiness.compare(runs, lab: lab))
        #expect(flakiness.runCount == 3)
        #expect(flakiness.cells.count == 1)
        #expect(flakiness.cells[0].cell.index == 0)
        #expect(flakiness.cells[0].variants == [.init(runs: [1, 3], text: "stable\n"), .init(runs: [2], text: "wobbly\n")])
        #expect(flakiness.endings.isEmpty)
    }

    @Test func differentEndingsAreFlaky() throws {
        let runs = [run([0: "stable\n"]), run([0: "stable\n"], ending: .timedOut)]
        let flakiness = try #require(Flakiness.compare(runs, lab: lab))
        #expect(flakiness.cells.isEmpty)
        #expect(flakiness.endings.map(\.text) == ["exited with status 0", "timed out"])
        let lines = ScenarioReport.lines(flakiness, lab: lab)
        #expect(lines == ["flaky: 2 runs did not all come out the same", "ended: exited with status 0 (run 1); timed out (run 2)"])
    }
}
