import Testing
@testable import LabRunner

/// The pipeline's decisions, with a recording toolchain instead of swiftc: what is built, what
/// is stored, what runs, and the status each file ends with.
struct DocumentPipelineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        var lab = PipelineFixture.lab
        var cached: Set<Int> = []
        var answers: [Int: RecordingToolchain.Answer] = [:]
        var strict = false
        var scenarios: [String] = []
        var runWithoutTranscripts = false
        let calls: [String]
        let outcomes: [String]

        var testDescription: String { name }
    }

    static let missingFirebase: [Int: RecordingToolchain.Answer] = [1: .errors([(2, "no such module 'Firebase'")])]

    static let cases: [Case] = [
        Case(name: "a miss builds, stores, then runs the stored executable",
             calls: ["build 4", "store 4", "run /cache/4 mock,empty"],
             outcomes: ["lab.md: ran mock pass, empty pass"]),
        Case(name: "a hit runs the cached executable without building",
             cached: [4],
             calls: ["run /cache/4 mock,empty"],
             outcomes: ["lab.md: ran mock pass, empty pass (cached)"]),
        Case(name: "compile errors are not stored and nothing runs",
             answers: [4: .errors([(5, "cannot find 'x' in scope")])],
             calls: ["build 4"],
             outcomes: ["lab.md: compile failed: cannot find 'x' in scope"]),
        Case(name: "a broken swiftc is a tool failure",
             answers: [4: .breaks(.swiftcFailed("/usr/bin/swiftc", reason: "crashed: killed by SIGSEGV"))],
             calls: ["build 4"],
             outcomes: ["lab.md: tool failed: swiftc /usr/bin/swiftc crashed: killed by SIGSEGV; the file was not checked"]),
        Case(name: "a missing module is learned from the diagnostics: skipped",
             lab: PipelineFixture.firebase, answers: missingFirebase,
             calls: ["build 1"],
             outcomes: ["lab.md: missing Firebase"]),
        Case(name: "a missing module with --strict fails",
             lab: PipelineFixture.firebase, answers: missingFirebase, strict: true,
             calls: ["build 1"],
             outcomes: ["lab.md: compile failed: no such module 'Firebase'"]),
        Case(name: "a misspelt toolchain module is an error, not a skip",
             lab: PipelineFixture.firebase, answers: [1: .errors([(2, "no such module 'Foundatoin'")])],
             calls: ["build 1"],
             outcomes: ["lab.md: compile failed: no such module 'Foundatoin'"]),
        Case(name: "the scenario filter runs only the chosen scenarios",
             scenarios: ["empty"],
             calls: ["build 4", "store 4", "run /cache/4 empty"],
             outcomes: ["lab.md: ran empty pass"]),
        Case(name: "a lab declaring none of the chosen scenarios is not built",
             scenarios: ["failing"],
             calls: [],
             outcomes: ["lab.md: ran "]),
        Case(name: "a file without output blocks is only compiled",
             lab: PipelineFixture.guide,
             calls: ["build 1", "store 1"],
             outcomes: ["lab.md: compiled only"]),
        Case(name: "a cached file without output blocks is not even run",
             lab: PipelineFixture.guide, cached: [1],
             calls: [],
             outcomes: ["lab.md: compiled only (cached)"]),
        Case(name: "--update runs a file without output blocks, to fill them in",
             lab: PipelineFixture.guide, runWithoutTranscripts: true,
             calls: ["build 1", "store 1", "run /cache/1 mock,empty,failing"],
             outcomes: ["lab.md: ran mock pass, empty pass, failing pass"]),
        Case(name: "a file without Swift cells builds nothing",
             lab: "# Notes\n\n```text\nhello\n```\n",
             calls: [],
             outcomes: ["lab.md: nothing to run"]),
        Case(name: "cells built apart: their own programs and checks, each stored",
             lab: PipelineFixture.parts, answers: [16: .errors([(17, "cannot assign to value: 'greeting' is a 'let' constant")])],
             calls: ["build 1", "build 9", "check 16", "check 20", "run /cache/1 mock,empty,failing",
                     "run /cache/9 mock,empty,failing", "store 1", "store 9", "store check 16", "store check 20"],
             outcomes: ["lab.md: ran mock pass, empty pass, failing pass", "lab.md:9: ran mock pass, empty pass, failing pass",
                        "lab.md:16: checked pass", "lab.md:20: checked pass"]),
        Case(name: "cached checks and programs are not built again",
             lab: PipelineFixture.parts, cached: [1, 9, 16, 20],
             answers: [16: .errors([(17, "cannot assign to value: 'greeting' is a 'let' constant")])],
             calls: ["run /cache/1 mock,empty,failing", "run /cache/9 mock,empty,failing"],
             outcomes: ["lab.md: ran mock pass, empty pass, failing pass (cached)",
                        "lab.md:9: ran mock pass, empty pass, failing pass (cached)",
                        "lab.md:16: checked pass (cached)", "lab.md:20: checked pass (cached)"]),
        Case(name: "a compile_fail cell that compiles fails its check; a rejected no_run cell too",
             lab: PipelineFixture.parts, answers: [20: .errors([(21, "cannot find 'greeting' in scope")])],
             calls: ["build 1", "build 9", "check 16", "check 20", "run /cache/1 mock,empty,failing",
                     "run /cache/9 mock,empty,failing", "store 1", "store 9", "store check 16", "store check 20"],
             outcomes: ["lab.md: ran mock pass, empty pass, failing pass", "lab.md:9: ran mock pass, empty pass, failing pass",
                        "lab.md:16: checked fail", "lab.md:20: checked fail"]),
    ]

    @Test(arguments: cases)
    func decisions(_ test: Case) {
        let toolchain = RecordingToolchain(cached: test.cached, answers: test.answers)
        var pipeline = DocumentPipeline(compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
        pipeline.toolchain = toolchain
        pipeline.appleAvailable = false
        pipeline.strict = test.strict
        pipeline.scenarioFilter = test.scenarios
        pipeline.runWithoutTranscripts = test.runWithoutTranscripts
        let outcomes = pipeline.runAll(PipelineFixture.parse(test.lab))
        #expect(outcomes.map(PipelineFixture.describe) == test.outcomes)
        // Parts build in parallel: their order between each other is not the pipeline's decision.
        #expect(toolchain.calls.sorted() == test.calls.sorted())
    }

    @Test func aBuildIsStoredBeforeItRuns() {
        let toolchain = RecordingToolchain()
        var pipeline = DocumentPipeline(compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
        pipeline.toolchain = toolchain
        _ = pipeline.runAll(PipelineFixture.parse(PipelineFixture.lab))
        #expect(toolchain.calls == ["build 4", "store 4", "run /cache/4 mock,empty"])
    }

    @Test func buildTimeAndCompilerRanGoOnTheOutcome() {
        var pipeline = DocumentPipeline(compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
        pipeline.toolchain = RecordingToolchain()
        let built = pipeline.runAll(PipelineFixture.parse(PipelineFixture.lab))[0]
        #expect(built.compilerRan && built.buildDuration == 1.5)
        pipeline.toolchain = RecordingToolchain(cached: [4])
        let cached = pipeline.runAll(PipelineFixture.parse(PipelineFixture.lab))[0]
        #expect(!cached.compilerRan && cached.buildDuration == 0)
    }

    /// What `--update` works from: with `runWithoutTranscripts`, a guide's cells run and their
    /// output is planned into new output blocks; a compile failure leaves nothing to plan.
    @Test func updateGetsVerdictsForAFileWithoutOutputBlocks() throws {
        var pipeline = DocumentPipeline(compiler: SwiftCompiler(path: "/nonexistent/swiftc"), environment: [:])
        pipeline.toolchain = RecordingToolchain(printed: [1: "1\n"])
        pipeline.runWithoutTranscripts = true
        let lab = PipelineFixture.parse(PipelineFixture.guide)
        let outcome = pipeline.runAll(lab)[0]
        guard case .ran(let verdicts) = outcome.status else {
            Issue.record("expected verdicts, got \(PipelineFixture.describe(outcome))")
            return
        }
        let (edits, summary) = OutputUpdater.plan(lab, verdicts: verdicts, appleAvailable: false)
        #expect(summary.hasEdits)
        let updated = String(decoding: DocumentEdit.apply(edits, to: Array(PipelineFixture.guide.utf8)), as: UTF8.self)
        #expect(updated == PipelineFixture.guide + "```output\n1\n```\n")
    }
}
