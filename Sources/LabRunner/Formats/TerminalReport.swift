import Foundation

/// Formats the report model for people: a heading per lab part, PASS/FAIL per scenario, diffs,
/// diagnostics at their Markdown lines, and the closing lines.
package struct TerminalReport: Sendable {
    package let style: Style
    package var verbose = false
    /// Compile errors shown per build unless verbose: a guide full of fragments can have hundreds.
    var maximumErrors = 20

    let indent = "        "

    package init(style: Style) {
        self.style = style
    }

    /// Every file of the run, blank lines between them, then the closing lines: what `run` prints.
    package func render(_ run: RunReport) -> [String] {
        run.files.enumerated().flatMap { index, file in (index > 0 ? [""] : []) + render(file) } + closing(run.totals)
    }

    /// One file's lines.
    package func render(_ file: FileReport) -> [String] {
        switch file.content {
        case .unreadable(let error):
            return [style.bold(file.path), inputError(error)]
        case .invalid(let error, let excerpt):
            return [style.bold(file.path)] + inputError(error, excerpt: excerpt)
        case .lab(let title, let parts, _):
            return parts.flatMap { render($0, title: title) }
        case .guide(let guide, _):
            return render(guide, path: file.path)
        }
    }

    /// A blank line, then how many files could not be checked (if any: the counts alone would
    /// read as a good run), whether swiftc only crashed, and the documented `N passed, N failed, N skipped`.
    package func closing(_ totals: RunReport.Totals) -> [String] {
        let notChecked = totals.notChecked
        return [""] + (notChecked == 0 ? [] : [style.red("\(notChecked) file\(notChecked == 1 ? "" : "s") could not be checked")])
            + (totals.onlyCrashes ? [style.red("swiftc crashed on every sample it compiled (\(totals.compilerCrashes)): nothing was checked")] : [])
            + (Self.ladder(totals.rungs).map { ["guide samples: " + $0] } ?? [])
            + [Self.summary(passed: totals.passed, failed: totals.failed, skipped: totals.skipped)]
    }

    /// `3 ran, output checked; 40 compiled; 5 parsed; 12 listings`: how far guide samples were
    /// checked, rung by rung; nil when there were none.
    package static func ladder(_ rungs: [CheckRung: Int]) -> String? {
        let parts = CheckRung.allCases.compactMap { rung -> String? in
            guard let count = rungs[rung], count > 0 else { return nil }
            return rung == .listing ? "\(count) listing\(count == 1 ? "" : "s")" : "\(count) \(rung.description)"
        }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// `N passed, N failed, N skipped`: CI tooling reads the line's start, `N passed, N failed`.
    package static func summary(passed: Int, failed: Int, skipped: Int) -> String {
        "\(passed) passed, \(failed) failed, \(skipped) skipped"
    }

    /// `path: error: message`, for a file that could not be read.
    package func inputError(_ error: FileError) -> String {
        style.bold("\(ControlPictures.escapedName(error.path)): ") + style.red("error:") + " " + error.message
    }

    /// `path:line:col: error: message`, then the line at fault with a caret.
    package func inputError(_ error: LabError, excerpt: Excerpt?) -> [String] {
        [style.bold("\(error.location): ") + style.red("error:") + " " + error.message] + (excerpt?.lines(style: style) ?? [])
    }

    /// Why a document could not be loaded, as `inputError` says it, with the line at fault.
    package func inputError(_ error: LoadError) -> [String] {
        switch error {
        case .unreadable(let error): [inputError(error)]
        case .invalid(let error, let bytes): inputError(error, excerpt: Excerpt(error.location, bytes: bytes))
        }
    }

    private func render(_ part: PartReport, title: String?) -> [String] {
        var out: [String] = []
        switch part.kind {
        case .program: out.append(style.bold(part.path) + (title.map { "  " + style.dim($0) } ?? ""))
        case .standalone: out.append(style.bold(part.name) + "  " + style.dim("standalone cell"))
        case .check(_, let role): out.append(style.bold(part.name) + "  " + style.dim("\(role.attribute) cell"))
        }
        for warning in part.warnings { out += diagnostic(warning) }
        switch part.result {
        case .nothingToCompile(let onThisPlatform):
            out.append("  " + style.yellow(PartReport.nothingToCompileMessage(onThisPlatform: onThisPlatform)))
        case .toolFailed(let failure):
            // The first line says what failed; what swiftc printed is detail.
            out.append("  " + style.red("FAIL") + "  " + failure.message)
            if !failure.compilerOutput.isEmpty {
                out += (["swiftc printed:"] + failure.compilerOutput.map { "  " + $0 }).map { indent + style.dim($0) }
            }
        case .compileFailed(let failure):
            out += compileFailure(failure, scenarios: part.scenarios.map(\.name))
        case .ran:
            // A diff several scenarios share is printed once, after their lines, naming them.
            let shared = SharedDiff.shared(by: part.scenarios)
            for scenario in part.scenarios {
                if let run = scenario.run { out += self.scenario(scenario, run: run, shared: shared) }
            }
            for group in shared { out += [indent + group.namedHeader] + diff(group.diff) }
        case .compiledOnly:
            out.append("  " + style.green("PASS") + "  compiled, no transcripts")
        case .missingModules(let missing):
            out.append("  " + style.yellow("SKIP") + "  " + missing.message)
        case .checked(let check):
            out += self.check(check, path: part.path)
        }
        out += exerciseLines(part.exercises, path: part.path)
        if let skipped = skippedLine(part.skippedCells) { out.append(skipped) }
        if let update = part.update { out += update.lines.map { "  " + style.cyan($0) } }
        if verbose {
            switch part.result {
            case .ran, .compileFailed, .checked, .compiledOnly:
                out.append(style.dim(part.compilerRan ? "  swiftc ran: \(ReportText.seconds(part.buildDuration))" : "  cache hit: swiftc not run"))
            case .nothingToCompile, .toolFailed, .missingModules:
                break
            }
        }
        return out
    }

    private func scenario(_ scenario: ScenarioReport, run: ScenarioRunReport, shared: [SharedDiff]) -> [String] {
        let name = scenario.name.padding(toLength: max(8, scenario.name.count), withPad: " ", startingAt: 0)
        let time = style.dim(ReportText.seconds(run.duration))
        switch scenario.status {
        case .pass, .skipped: return ["  " + style.green("PASS") + "  \(name)  \(time)"] + scratchLines(scenario)
        case .updated: return ["  " + style.cyan("UPDATED") + "  \(name)  \(time)"] + scratchLines(scenario)
        case .fail: return failedScenario(scenario, run: run, name: name, time: time, shared: shared) + scratchLines(scenario)
        }
    }

    /// What scratch cells printed (never compared): `scratch: the cell at line 12 printed` and its lines.
    private func scratchLines(_ scenario: ScenarioReport) -> [String] {
        scenario.cells.filter { $0.isScratch && !($0.actual ?? "").isEmpty }.flatMap { cell in
            [indent + style.dim("scratch: the cell at line \(cell.line) printed (not checked):")]
                + ReportText.lines(ControlPictures.forDisplay(cell.actual ?? "")).map { indent + "  " + $0 }
        }
    }

    /// A failed scenario's line, how its run went wrong and the diffs no other scenario shares.
    private func failedScenario(_ scenario: ScenarioReport, run: ScenarioRunReport, name: String, time: String,
                                shared: [SharedDiff]) -> [String] {
        var out = ["  " + style.red("FAIL") + "  \(name)  \(time)"]
        if let problem = run.problem {
            out.append(indent + style.red(problem.summary) + problem.place + problem.outputSoFarHeading)
            out += (problem.outputSoFar ?? []).map { indent + "  " + $0 }
            if !run.stderrTail.isEmpty { out += [indent + "stderr:"] + run.stderrTail.map { indent + "  " + style.dim($0) } }
        }
        for mismatch in run.mismatches
        where !shared.contains(where: { $0.contains(scenario: scenario.name, header: mismatch.header, diff: mismatch.diff) }) {
            out += [indent + mismatch.header] + diff(mismatch.diff)
        }
        // Every diff of this scenario is shared and printed below the scenarios: the line says so,
        // naming where as the headers below do (never a line of a graded submission's key).
        if out.count == 1, run.flakiness == nil, !run.mismatches.isEmpty {
            var places: [String] = []
            for mismatch in run.mismatches where !places.contains(mismatch.place) { places.append(mismatch.place) }
            out[0] += "  " + style.dim("output differs: \(places.joined(separator: ", ")) (below)")
        }
        if let flakiness = run.flakiness {
            out += flakiness.map { line in
                indent + (line.hasPrefix("+") ? style.green(line) : line.hasPrefix("-") || line.hasPrefix("flaky") ? style.red(line) : line)
            }
        }
        return out
    }

    /// The diagnostics (the first `maximumErrors` unless verbose), then one line per failed build
    /// with the cells the errors are in.
    private func compileFailure(_ failure: CompileFailureReport, scenarios: [String]) -> [String] {
        var out: [String] = []
        var shown = 0
        for diagnostic in failure.diagnostics {
            if diagnostic.diagnostic.severity == .error { shown += 1 }
            if !verbose && shown > maximumErrors { break }
            out += self.diagnostic(diagnostic)
        }
        let all = failure.errorCount
        if !verbose && all > maximumErrors {
            out.append(style.dim("… \(all - maximumErrors) more errors (--verbose shows all; --json lists all)"))
        }
        let byCell = failure.errorsByCell
        let what = failure.isOneTest ? "build" : scenarios.joined(separator: ", ")
        var summary = "  " + style.red("FAIL") + "  \(what): did not compile (\(all) error\(all == 1 ? "" : "s")"
        if byCell.count > 1 || failure.cellCount > 1 && byCell.count == 1 {
            summary += " in \(byCell.count) of \(failure.cellCount) cells"
        }
        out.append(summary + ")")
        if byCell.count > 1 {
            out.append(indent + "errors by cell: " + byCell.map { "line \($0.line) (\($0.errors))" }.joined(separator: ", "))
        }
        return out
    }

    private func check(_ check: CheckReport, path: String) -> [String] {
        let time = style.dim(ReportText.seconds(check.duration))
        switch check.status {
        case .pass: return ["  " + style.green("PASS") + "  " + check.summary + "  " + time]
        case .updated: return ["  " + style.cyan("UPDATED") + "  \(check.role.attribute)  " + time]
        case .fail: break
        }
        var out: [String] = []
        if case .rejected(let errors) = check.failure { out += errors.flatMap(diagnostic) }
        out.append("  " + style.red("FAIL") + "  " + check.role.attribute + "  " + time)
        let summary = indent + style.bold("\(path):\(check.cellLine): ") + style.red("error:") + " " + check.summary
        switch check.failure {
        case .diagnosticsDiffer(let header, let lines)?:
            out += [indent + header] + diff(lines)
        case .earlierCellsFail(let errors)?:
            out.append(summary)
            if let first = errors.first { out += diagnostic(first).map { indent + $0 } }
        case .compiled?, .rejected?, nil:
            out.append(summary)
        }
        return out
    }

    func diff(_ lines: [String]) -> [String] {
        lines.map { indent + style.diffLine($0) }
    }

    func diagnostic(_ report: DiagnosticReport) -> [String] {
        let severity = switch report.diagnostic.severity {
        case .error: style.red("error:")
        case .warning: style.yellow("warning:")
        case .note, .remark: style.dim(report.severity + ":")
        }
        let place = report.location.map { "\($0): " } ?? ""
        return [style.bold(place) + severity + " " + report.message] + (report.excerpt?.lines(style: style) ?? [])
    }

    private func skippedLine(_ skipped: [SkippedCell]) -> String? {
        guard !skipped.isEmpty else { return nil }
        var parts: [String] = []
        let apple = skipped.compactMap { cell -> String? in
            if case .needsApple(let why) = cell.reason { return "line \(cell.line): \(why)" }
            return nil
        }
        if !apple.isEmpty {
            parts.append("\(apple.count) cell\(apple.count == 1 ? " needs" : "s need") SwiftUI, not available here (\(apple.joined(separator: "; ")))")
        }
        let marked = skipped.filter { $0.reason == .marked }.map { String($0.line) }
        if !marked.isEmpty {
            parts.append("\(marked.count) marked skip (line\(marked.count == 1 ? "" : "s") \(marked.joined(separator: ", ")))")
        }
        return "  " + style.yellow("skipped: ") + parts.joined(separator: "; ")
    }
}
