@testable import LabRunner

/// A `LabToolchain` that answers from a script and records what the pipeline asked of it:
/// `build 4`, `check 16`, `store 4`, `store check 16`, `run /cache/4 mock,empty`, where the
/// number is the line of the program's last cell (which tells a lab's program from the cells
/// built apart) and an executable is `/built/N` or, once stored or cached, `/cache/N`.
///
/// For a guide (`Guide`), a program is named by the samples whose code it holds, read from its
/// `#sourceLocation` lines (`check 5,15`, `parse 33` for a listing's syntax check, then its extra
/// arguments), and swiftc answers by Markdown line as the real one would: a program holding the
/// code of a line in `Guide.errors` fails with that error there, one holding a line in
/// `Guide.crashes` makes swiftc crash (a failed build marked as a crash, as `SwiftCompiler` gives
/// it for `crashIsVerdict`, else a `BuildError`). With `Guide.remembers`, what is stored is served again
/// from the cache, keyed by the whole program, as the compile cache does.
final class RecordingToolchain: LabToolchain {
    /// What swiftc says about the program whose last cell is at a line.
    enum Answer: Sendable {
        case builds
        /// Errors at these lines of the lab.
        case errors([(line: Int, message: String)])
        /// swiftc itself failed.
        case breaks(BuildError)
    }

    /// How swiftc answers a guide's programs.
    struct Guide: Sendable {
        /// Markdown line → the error swiftc reports there.
        var errors: [Int: String] = [:]
        /// Markdown lines whose code crashes swiftc (`crashed: killed by SIGSEGV`).
        var crashes: Set<Int> = []
        /// The cache keeps what is stored (checks that failed too) and serves it again.
        var remembers = false
        /// swiftc cannot be used at all: every build throws this.
        var broken: BuildError? = nil
    }

    /// Programs (by last cell line) the cache holds.
    let cached: Set<Int>
    let answers: [Int: Answer]
    /// What a cell prints, by cell line, in every scenario; a cell not listed prints its expected output.
    let printed: [Int: String]
    let guide: Guide?
    private struct State {
        var calls: [String] = []
        /// Name → the cells whose output its executable prints.
        var printing: [String: [Cell]] = [:]
        /// With `Guide.remembers`: stored checks and executables, by `cacheKey`.
        var checks: [String: BuildOutcome] = [:]
        var executables: Set<String> = []
    }
    private let state = LockedValue(State())

    init(cached: Set<Int> = [], answers: [Int: Answer] = [:], printed: [Int: String] = [:], guide: Guide? = nil) {
        self.cached = cached
        self.answers = answers
        self.printed = printed
        self.guide = guide
    }

    var calls: [String] { state.withLock { $0.calls } }

    /// The lab program's last cell line, or a guide program's samples, as its name.
    private func identify(_ program: LabProgram) -> String {
        guard guide != nil else {
            let line = program.lab.compiledCells.last?.line ?? 0
            state.withLock { $0.printing["\(line)"] = program.lab.compiledCells }
            return "\(line)"
        }
        let covered = Self.coveredLines(program.source)
        let cells = program.lab.cells.filter { cell in cell.codeLines.map { covered.contains(where: $0.contains) } ?? false }
        let name = cells.map { String($0.line) }.joined(separator: ",")
        // A guide's program runs one sample, the last of its code (its context comes first).
        state.withLock { $0.printing[name] = Array(cells.suffix(1)) }
        return name
    }

    /// The Markdown lines whose code `source` holds, from its `#sourceLocation(file:line:)` regions.
    static func coveredLines(_ source: String) -> Set<Int> {
        var covered = Set<Int>()
        var line: Int? = nil
        for text in source.split(separator: "\n", omittingEmptySubsequences: false) {
            if text.hasPrefix("#sourceLocation(file:"), let start = text.range(of: "line: ", options: .backwards) {
                line = Int(text[start.upperBound...].dropLast())
            } else if text.hasPrefix("#sourceLocation()") {
                line = nil
            } else if let current = line {
                covered.insert(current)
                line = current + 1
            }
        }
        return covered
    }

    private func record(_ call: String) { state.withLock { $0.calls.append(call) } }

    private func cacheKey(_ program: LabProgram) -> String {
        "\(program.checkOnly) \(program.syntaxOnly) \(program.extraArguments) \(program.source)"
    }

    private func outcome(_ program: LabProgram, name: String) -> BuildOutcome {
        if let guide {
            let covered = Self.coveredLines(program.source)
            let diagnostics = guide.errors.keys.sorted().filter(covered.contains).map { line in
                Diagnostic(severity: .error, location: SourceLocation(path: program.lab.path, line: line, column: 1),
                           message: guide.errors[line] ?? "")
            }
            return BuildOutcome(executable: diagnostics.isEmpty && !program.checkOnly ? "/built/\(name)" : nil,
                                succeeded: diagnostics.isEmpty, diagnostics: diagnostics, rawOutput: "", duration: 1.5)
        }
        switch answers[Int(name) ?? 0] ?? .builds {
        case .builds, .breaks:
            return BuildOutcome(executable: program.checkOnly ? nil : "/built/\(name)", succeeded: true,
                                diagnostics: [], rawOutput: "", duration: 1.5)
        case .errors(let errors):
            let diagnostics = errors.map {
                Diagnostic(severity: .error, location: SourceLocation(path: program.lab.path, line: $0.line, column: 1), message: $0.message)
            }
            return BuildOutcome(executable: nil, diagnostics: diagnostics, rawOutput: "", duration: 1.5)
        }
    }

    func cachedExecutable(_ program: LabProgram) -> String? {
        let name = identify(program)
        if guide?.remembers == true {
            return state.withLock { $0.executables.contains(cacheKey(program)) } ? "/cache/\(name)" : nil
        }
        return cached.contains(Int(name) ?? -1) ? "/cache/\(name)" : nil
    }

    func cachedCheck(_ program: LabProgram) -> BuildOutcome? {
        let name = identify(program)
        if guide?.remembers == true { return state.withLock { $0.checks[cacheKey(program)] } }
        return cached.contains(Int(name) ?? -1) ? outcome(program, name: name) : nil
    }

    func build<T>(_ program: LabProgram, _ use: (BuildOutcome, String) -> T) throws(BuildError) -> T {
        let name = identify(program)
        let verb = program.syntaxOnly ? "parse" : program.checkOnly ? "check" : "build"
        record(([verb, name] + program.extraArguments).joined(separator: " "))
        if case .breaks(let error) = answers[Int(name) ?? -1], guide == nil { throw error }
        if let broken = guide?.broken { throw broken }
        if let guide, !guide.crashes.isDisjoint(with: Self.coveredLines(program.source)) {
            let reason = "crashed: killed by SIGSEGV"
            guard program.crashIsVerdict else { throw .swiftcFailed("/usr/bin/swiftc", reason: reason) }
            // As `SwiftCompiler` reports a crash it was asked to keep: a failed build, marked.
            let crash = Diagnostic(severity: .error, location: nil, message: "\(CompilerCrash.marker) swiftc \(reason)")
            return use(BuildOutcome(executable: nil, diagnostics: [crash], rawOutput: "", duration: 1.5), "/folder/\(name)")
        }
        return use(outcome(program, name: name), "/folder/\(name)")
    }

    func storeExecutable(_ program: LabProgram, builtAt path: String) -> String? {
        let name = identify(program)
        record("store \(name)")
        state.withLock { _ = $0.executables.insert(cacheKey(program)) }
        return "/cache/\(name)"
    }

    func storeCheck(_ program: LabProgram, build: BuildOutcome, folder: String) {
        record("store check \(identify(program))")
        state.withLock { $0.checks[cacheKey(program)] = build }
    }

    func runScenarios(_ scenarios: [String], executable: String, timeout: Double,
                      repeats: Int) -> [[Result<ScenarioRun, ProcessError>]] {
        record("run \(executable) \(scenarios.joined(separator: ","))")
        let name = String(executable.split(separator: "/").last ?? "")
        let cells = state.withLock { $0.printing[name] } ?? []
        return scenarios.map { scenario in
            var transcript = Transcript(reachedEnd: true)
            for cell in cells {
                let text = printed[cell.line] ?? cell.expectedOutput(for: scenario)?.block.code ?? ""
                transcript.outputs[cell.index] = Array(text.utf8)
                transcript.lastCell = cell.index
            }
            let result = ProcessResult(stdout: [], stderr: [], termination: .exited(0), duration: 0.25)
            return Array(repeating: .success(ScenarioRun(scenario: scenario, result: result, transcript: transcript)), count: repeats)
        }
    }
}
