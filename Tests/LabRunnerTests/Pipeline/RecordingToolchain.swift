@testable import LabRunner

/// A `LabToolchain` that answers from a script and records what the pipeline asked of it:
/// `build 4`, `check 16`, `store 4`, `store check 16`, `run /cache/4 mock,empty`, where the
/// number is the line of the program's last cell (which tells a lab's program from the cells
/// built apart) and an executable is `/built/N` or, once stored or cached, `/cache/N`.
final class RecordingToolchain: LabToolchain {
    /// What swiftc says about the program whose last cell is at a line.
    enum Answer: Sendable {
        case builds
        /// Errors at these lines of the lab.
        case errors([(line: Int, message: String)])
        /// swiftc itself failed.
        case breaks(BuildError)
    }

    /// Programs (by last cell line) the cache holds.
    let cached: Set<Int>
    let answers: [Int: Answer]
    /// What a cell prints, by cell line, in every scenario; a cell not listed prints its expected output.
    let printed: [Int: String]
    private let state = LockedValue<(calls: [String], labs: [Int: Lab])>(([], [:]))

    init(cached: Set<Int> = [], answers: [Int: Answer] = [:], printed: [Int: String] = [:]) {
        self.cached = cached
        self.answers = answers
        self.printed = printed
    }

    var calls: [String] { state.withLock { $0.calls } }

    private func identify(_ program: LabProgram) -> Int {
        let line = program.lab.compiledCells.last?.line ?? 0
        state.withLock { $0.labs[line] = program.lab }
        return line
    }

    private func record(_ call: String) { state.withLock { $0.calls.append(call) } }

    private func outcome(_ program: LabProgram, line: Int) -> BuildOutcome {
        switch answers[line] ?? .builds {
        case .builds, .breaks:
            return BuildOutcome(executable: program.checkOnly ? nil : "/built/\(line)", succeeded: true,
                                diagnostics: [], rawOutput: "", duration: 1.5)
        case .errors(let errors):
            let diagnostics = errors.map {
                Diagnostic(severity: .error, location: SourceLocation(path: program.lab.path, line: $0.line, column: 1), message: $0.message)
            }
            return BuildOutcome(executable: nil, diagnostics: diagnostics, rawOutput: "", duration: 1.5)
        }
    }

    func cachedExecutable(_ program: LabProgram) -> String? {
        let line = identify(program)
        return cached.contains(line) ? "/cache/\(line)" : nil
    }

    func cachedCheck(_ program: LabProgram) -> BuildOutcome? {
        let line = identify(program)
        return cached.contains(line) ? outcome(program, line: line) : nil
    }

    func build<T>(_ program: LabProgram, _ use: (BuildOutcome, String) -> T) throws(BuildError) -> T {
        let line = identify(program)
        record("\(program.checkOnly ? "check" : "build") \(line)")
        if case .breaks(let error) = answers[line] { throw error }
        return use(outcome(program, line: line), "/folder/\(line)")
    }

    func storeExecutable(_ program: LabProgram, builtAt path: String) -> String? {
        let line = identify(program)
        record("store \(line)")
        return "/cache/\(line)"
    }

    func storeCheck(_ program: LabProgram, build: BuildOutcome, folder: String) {
        record("store check \(identify(program))")
    }

    func runScenarios(_ scenarios: [String], executable: String, timeout: Double,
                      repeats: Int) -> [[Result<ScenarioRun, ProcessError>]] {
        record("run \(executable) \(scenarios.joined(separator: ","))")
        let lab = Int(executable.split(separator: "/").last ?? "").flatMap { line in state.withLock { $0.labs[line] } }
        return scenarios.map { scenario in
            var transcript = Transcript(reachedEnd: true)
            for cell in lab?.compiledCells ?? [] {
                let text = printed[cell.line] ?? cell.expectedOutput(for: scenario)?.block.code ?? ""
                transcript.outputs[cell.index] = Array(text.utf8)
                transcript.lastCell = cell.index
            }
            let result = ProcessResult(stdout: [], stderr: [], termination: .exited(0), duration: 0.25)
            return Array(repeating: .success(ScenarioRun(scenario: scenario, result: result, transcript: transcript)), count: repeats)
        }
    }
}
