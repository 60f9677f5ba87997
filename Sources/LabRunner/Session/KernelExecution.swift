import Foundation

/// One `execute_request` of the kernel as a lab run: the notebook's cells before it plus this
/// cell as a lab document, its program generated with the lab prelude and built through the
/// compile cache, then run for the notebook's scenario while this cell's own output is passed
/// on as it comes (`LiveCellOutput`); earlier cells run again but stay quiet.
struct KernelExecution: Sendable {
    /// What became of the cell.
    enum Outcome: Sendable, Equatable {
        /// Compiled and ran to the end (or to an `exit(0)`); part of the notebook now.
        case ran
        /// A `compile_fail` cell that failed to compile, as it should; its errors, for the reader.
        case failedAsExpected([String])
        /// An `error` reply: the exception name, its one-line value and the traceback lines.
        case error(name: String, value: String, traceback: [String])
        /// Stopped by an interrupt.
        case interrupted
        /// Not run: a `skip` cell (nothing is built), or a `no_run` cell that compiles.
        case notRun(String)
        /// A cell of declarations only whose every error is a name no cell declares yet: kept,
        /// waiting for a later cell to declare these names (a lab's cells may use what a later
        /// cell declares).
        case waiting(Set<String>)
        /// The build failed in cells that were waiting for names, and only there: they are
        /// dropped and the cell built again (`ids`, and their errors to say why).
        case waitingCellsFail(ids: Set<String>, errors: [String])
    }

    let toolchain: SwiftToolchain
    let environment: [String: String]
    /// Seconds a cell's program may run; Jupyter has no timeout, an interrupt stops a runaway cell.
    var timeout = LabSettings.maximumTimeout

    /// Runs `cell` after `notebook`'s cells. `output(stream, text)` gets the cell's own output,
    /// stream "stdout" or "stderr"; `running` gets the observer an interrupt stops.
    func execute(_ cell: KernelNotebook.Cell, in notebook: KernelNotebook, timings: KernelTimings,
                 output: @escaping @Sendable (String, String) -> Void,
                 running: (ProcessObserver?) -> Void) -> Outcome {
        let cells = notebook.cells(with: cell)
        let (document, lines) = notebook.document(of: cells)
        let lab: Lab
        do {
            // An instructor's notebook runs as its key, as `labrunner run` runs an instructor's lab.
            lab = try LabParser.parse(bytes: document, path: KernelNotebook.path, kind: .lab).withSolutions
        } catch {
            return .error(name: "LabError", value: error.message, traceback: [error.message])
        }
        guard let position = cells.firstIndex(where: { $0.id == cell.id }),
              let labCell = lab.cells.first(where: { $0.line == lines[position] }) else {
            return .error(name: "LabError", value: "the cell is not a Swift cell", traceback: [])
        }
        if cell.role == .skip { return .notRun("skipped: the cell is marked skip, as in the lab; it is not built") }
        if labCell.needsApple, !Platform.hasSwiftUI {
            // As in a lab: compiled where SwiftUI exists, only parsed here, so it prints nothing.
            output("stderr", "note: this cell needs SwiftUI, which this platform lacks; it is only parsed here, as in a lab\n")
        }
        let programLab = lab.program(for: labCell)
        let checkOnly = cell.role == .compileFail || cell.role == .noRun
        let program = LabProgram(lab: programLab, source: ProgramGenerator.generate(programLab), checkOnly: checkOnly)
        let names = KernelCellNames(cells: cells, lines: lines)
        if !checkOnly, let executable = toolchain.cachedExecutable(program) {
            timings.values.withLock { $0["build_seconds"] = 0; $0["cached"] = 1 }
            return run(executable, cell: labCell.index, names: names, scenario: notebook.scenario, timings: timings, output: output, running: running)
        }
        let built: Result<Outcome, BuildError> = Result { () throws(BuildError) -> Outcome in
            try toolchain.build(program) { outcome, _ in
                timings.values.withLock { $0["build_seconds"] = outcome.duration; $0["cached"] = 0 }
                let errors = outcome.errors.map(names.describe)
                if cell.role == .noRun {
                    return outcome.succeeded ? .notRun("no_run: the cell compiles; it is not run, as in the lab")
                        : .error(name: "CompileError", value: errors.first ?? "swiftc failed", traceback: errors)
                }
                if checkOnly {
                    return outcome.succeeded
                        ? .error(name: "CompileFailError", value: "the cell compiled, but it is marked compile_fail", traceback: [])
                        : .failedAsExpected(errors)
                }
                if !outcome.succeeded, let names = Self.namesDeclaredLater(outcome.errors, in: cell, names: names) {
                    return .waiting(names)
                }
                let blamed = outcome.errors.compactMap { $0.location.flatMap { names.place(ofLine: $0.line)?.cell } }
                if !outcome.succeeded, !blamed.isEmpty, blamed.allSatisfy({ $0.id != cell.id && !$0.waitingFor.isEmpty }),
                   blamed.count == outcome.errors.count {
                    return .waitingCellsFail(ids: Set(blamed.map(\.id)), errors: errors)
                }
                guard outcome.succeeded, let executable = outcome.executable else {
                    let lines = errors.isEmpty ? [outcome.rawOutput] : errors
                    return .error(name: "CompileError", value: lines.first?.split(separator: "\n").first.map(String.init) ?? "swiftc failed",
                                  traceback: lines)
                }
                let stored = toolchain.storeExecutable(program, builtAt: executable) ?? executable
                return run(stored, cell: labCell.index, names: names, scenario: notebook.scenario, timings: timings, output: output, running: running)
            }
        }
        switch built {
        case .success(let outcome): return outcome
        case .failure(let error): return .error(name: "BuildError", value: error.description, traceback: [error.description])
        }
    }

    /// The names `cell` waits for, when it declares and does nothing else and every error is
    /// in it and says a name is not in scope; nil otherwise (a real error, reported at once).
    static func namesDeclaredLater(_ errors: [Diagnostic], in cell: KernelNotebook.Cell, names: KernelCellNames) -> Set<String>? {
        guard !errors.isEmpty, SampleSymbols(code: cell.code).statements.isEmpty else { return nil }
        var missing = Set<String>()
        for error in errors {
            guard let line = error.location?.line, names.place(ofLine: line)?.cell.id == cell.id,
                  error.message.hasPrefix("cannot find type '") || error.message.hasPrefix("cannot find '"),
                  error.message.hasSuffix("' in scope"),
                  let open = error.message.firstIndex(of: "'"), let close = error.message.lastIndex(of: "'"), open < close
            else { return nil }
            missing.insert(String(error.message[error.message.index(after: open)..<close]))
        }
        return missing
    }

    private func run(_ executable: String, cell: Int, names: KernelCellNames, scenario: String, timings: KernelTimings,
                     output: @escaping @Sendable (String, String) -> Void, running: (ProcessObserver?) -> Void) -> Outcome {
        let nonce = ScenarioRunner.nonce()
        let streams = LockedValue([LiveCellOutput(nonce: nonce, cell: cell), LiveCellOutput(nonce: nonce, cell: cell)])
        let pending = LockedValue([[UInt8]](repeating: [], count: 2))
        @Sendable func deliver(_ index: Int, _ bytes: [UInt8], final: Bool) {
            // Whole lines, as a terminal shows them: `print` writes its items and the line break
            // apart, and a frontend would keep each as an output of its own. A long line goes
            // in pieces of whole UTF-8 characters.
            let text = pending.withLock { pending -> String in
                pending[index] += bytes
                let lines = (pending[index].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
                let cut = final ? pending[index].count
                    : pending[index].count - lines > 1 << 16 ? UTF8Boundary.completePrefix(pending[index]) : lines
                defer { pending[index].removeFirst(cut) }
                return String(decoding: pending[index][..<cut], as: UTF8.self)
            }
            if !text.isEmpty { output(index == 0 ? "stdout" : "stderr", text) }
        }
        let observer = ProcessObserver { stream, bytes in
            let index = Int(stream) - 1
            deliver(index, streams.withLock { $0[index].feed(bytes) }, final: false)
        }
        running(observer)
        defer { running(nil) }
        let runner = ScenarioRunner(executable: executable, timeout: timeout, environment: environment,
                                    outputLimit: 1 << 20, limiter: JobLimiter(slots: 1))
        let result: ScenarioRun
        do {
            result = try runner.run(scenario, observer: observer, nonce: nonce)
        } catch {
            return .error(name: "RunError", value: error.description, traceback: [])
        }
        for index in 0..<2 { deliver(index, streams.withLock { $0[index].finish() }, final: true) }
        timings.values.withLock { $0["run_seconds"] = result.result.duration }
        if observer.isStopped { return .interrupted }
        let place = result.transcript.lastCell.map { $0 == cell ? "" : " in \(names.name(ofLabCell: $0))" } ?? ""
        switch result.result.termination {
        case .exited(0): return .ran
        case .exited(let status):
            let value = "the program exited with status \(status)\(place)"
            return .error(name: "ExitStatus", value: value, traceback: [value])
        case .signaled(let signal):
            let value = "the program crashed (\(SignalName.name(signal)))\(place)"
            return .error(name: "Crash", value: value, traceback: [value])
        case .timedOut:
            let value = "the program ran longer than \(Int(timeout)) s\(place) and was stopped"
            return .error(name: "Timeout", value: value, traceback: [value])
        case .outputLimitExceeded:
            let value = "the program wrote more than 1 MiB\(place) and was stopped"
            return .error(name: "OutputLimit", value: value, traceback: [value])
        }
    }
}

/// How long one execution's build and run took, for the `execute_reply`'s metadata (what
/// `bench/kernel.py` measures against): `build_seconds` (0 when `cached` is 1), `run_seconds`.
final class KernelTimings: Sendable {
    let values = LockedValue<[String: Double]>([:])
}

/// Where UTF-8 text may be cut: before a character that is not complete yet.
enum UTF8Boundary {
    /// How many leading bytes of `bytes` end on a character boundary (all of them unless the
    /// last character is still being written).
    static func completePrefix(_ bytes: [UInt8]) -> Int {
        var start = bytes.count
        // Back over continuation bytes to the last lead byte, at most 3.
        while start > 0, bytes.count - start < 4, bytes[start - 1] & 0xC0 == 0x80 { start -= 1 }
        guard start > 0 else { return bytes.count }
        let lead = bytes[start - 1]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return bytes.count - (start - 1) < length ? start - 1 : bytes.count
    }
}
