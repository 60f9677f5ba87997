import Foundation

extension KernelSession {
    /// `execute_request`: magics, then the cell built with the notebook's others and run; its
    /// own output streamed, an `error` for a compile error, crash or interrupt.
    func execute(_ request: JupyterMessage, _ replier: JupyterReplier) {
        let code = request.content["code"]?.string ?? ""
        let silent = request.content["silent"]?.bool ?? false
        let storeHistory = request.content["store_history"]?.bool ?? !silent
        if replier.sequence <= abortThrough.withLock({ $0 }) {
            // Queued behind a cell that failed: not run, as Jupyter's kernels do.
            replier.reply("execute_reply", .object(["status": .string("aborted"),
                                                    "execution_count": .int(state.withLock { $0.executionCount })]))
            return
        }
        let count = state.withLock { state -> Int in
            if storeHistory && !silent {
                state.executionCount += 1
                state.history.append((state.executionCount, code))
            }
            return state.executionCount
        }
        if !silent { replier.publish("execute_input", .object(["code": .string(code), "execution_count": .int(count)])) }
        interrupted.withLock { $0 = false }

        let magics: KernelMagics
        switch KernelMagics.parse(code) {
        case .success(let parsed): magics = parsed
        case .failure(let error):
            return fail(replier, count: count, name: "MagicError", value: "cell [\(count)], line \(error.line): error: \(error.message)")
        }
        let notebook = state.withLock { state -> KernelNotebook in
            if let scenario = magics.scenario { state.notebook.select(scenario: scenario) }
            return state.notebook
        }
        let stream = { @Sendable (name: String, text: String) in
            if !silent { replier.publish("stream", .object(["name": .string(name), "text": .string(text)])) }
        }
        if magics.showScenario {
            stream("stdout", "scenario \(notebook.scenario) (of \(notebook.scenarios.joined(separator: ", ")))\n")
        }
        let id = request.metadata["cellId"]?.string.map { "id:" + $0 } ?? "code:" + code
        let cell = KernelNotebook.Cell(id: id, code: magics.code, role: magics.role, count: count)
        let blank = magics.code.allSatisfy(\.isWhitespace)
        if magics.showProgram { stream("stdout", program(of: blank ? notebook.cells : notebook.cells(with: cell), in: notebook)) }
        if blank { return succeed(replier, count: count) }

        let timings = KernelTimings()
        func attempt(_ notebook: KernelNotebook) -> KernelExecution.Outcome {
            execution.execute(cell, in: notebook, timings: timings, output: stream) { observer in
                running.withLock { $0 = observer }
                // An interrupt that came while the cell was being built stops it before it starts.
                if let observer, interrupted.withLock({ $0 }) { observer.stop() }
            }
        }
        var outcome = attempt(notebook)
        if case .waitingCellsFail(let ids, let errors) = outcome {
            // Cells that waited for names this cell declares, and still do not compile: left out,
            // said why, and this cell built without them.
            let retried = state.withLock { state -> KernelNotebook in
                for id in ids { state.notebook.forget(id: id) }
                return state.notebook
            }
            stream("stderr", (["note: cells that waited for a later declaration still do not compile; they are left out:"] + errors)
                .joined(separator: "\n") + "\n")
            outcome = attempt(retried)
        }
        switch outcome {
        case .ran:
            state.withLock { $0.notebook.keep(cell) }
            succeed(replier, count: count, timings: timings)
        case .failedAsExpected(let errors):
            state.withLock { $0.notebook.keep(cell) }
            stream("stderr", (["compile_fail: the cell does not compile, as it should:"] + errors).joined(separator: "\n") + "\n")
            succeed(replier, count: count)
        case .error(let name, let value, let traceback):
            // A cell that does not build or ends the program is left out of later programs.
            state.withLock { $0.notebook.forget(id: id) }
            fail(replier, count: count, name: name, value: value, traceback: traceback)
        case .waiting(let names):
            var waiting = cell
            waiting.waitingFor = names
            state.withLock { $0.notebook.keep(waiting) }
            let list = names.sorted().map { "'\($0)'" }.joined(separator: ", ")
            stream("stderr", "note: \(list) is not declared by the cells executed so far; this cell of declarations is kept and joins the program once a later cell declares it, as in a lab\n")
            succeed(replier, count: count)
        case .waitingCellsFail(_, let errors):
            fail(replier, count: count, name: "CompileError", value: errors.first ?? "swiftc failed", traceback: errors)
        case .notRun(let note):
            state.withLock { $0.notebook.keep(cell) }
            stream("stderr", note + "\n")
            succeed(replier, count: count)
        case .interrupted:
            state.withLock { $0.notebook.forget(id: id) }
            fail(replier, count: count, name: "Interrupt", value: "interrupted: the cell's program was stopped")
        }
    }

    /// `%lab`: the generated program of `cells`.
    private func program(of cells: [KernelNotebook.Cell], in notebook: KernelNotebook) -> String {
        let (document, _) = notebook.document(of: cells)
        guard let lab = try? LabParser.parse(bytes: document, path: KernelNotebook.path, kind: .lab) else { return "" }
        return ProgramGenerator.generate(lab, sourceLocations: false)
    }

    private func succeed(_ replier: JupyterReplier, count: Int, timings: KernelTimings? = nil) {
        let measured = timings?.values.withLock { $0 } ?? [:]
        replier.reply("execute_reply", .object([
            "status": .string("ok"), "execution_count": .int(count), "payload": .array([]), "user_expressions": .object([:]),
        ]), metadata: .object(measured.isEmpty ? [:] : ["labrunner": .object(measured.mapValues { JupyterJSON.double($0) })]))
    }

    private func fail(_ replier: JupyterReplier, count: Int, name: String, value: String, traceback: [String]? = nil) {
        if replier.request.content["stop_on_error"]?.bool ?? true {
            let latest = replier.latestSequence
            abortThrough.withLock { $0 = max($0, latest) }
        }
        let error: [String: JupyterJSON] = [
            "ename": .string(name), "evalue": .string(value), "traceback": .array((traceback ?? [value]).map(JupyterJSON.string)),
        ]
        replier.publish("error", .object(error))
        replier.reply("execute_reply", .object(error.merging(["status": .string("error"), "execution_count": .int(count)]) { $1 }))
    }
}
